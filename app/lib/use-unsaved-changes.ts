import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useBlocker, useNavigate, type Blocker } from "react-router";

// Unsaved changes ask before they are lost (ADR 055): fields against their defaults (key a select by its saved value); `saving`: a held navigation waits.
export function useUnsavedChanges(form: RefObject<HTMLFormElement | null>, { otherChanges = false, saving }: { otherChanges?: boolean; saving: boolean }) {
  const [fieldsChanged, setFieldsChanged] = useState(false);
  const changed = fieldsChanged || otherChanges;

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const check = () => setFieldsChanged(firstChangedField(element) !== null);
    check(); // typed before the page was hydrated
    const listeners = new AbortController();
    element.addEventListener("input", check, { signal: listeners.signal });
    element.addEventListener("change", check, { signal: listeners.signal });
    element.addEventListener("reset", () => queueMicrotask(check), { signal: listeners.signal });
    return () => listeners.abort();
  }, [form]);

  // Only while changed (a standing listener keeps the page out of Firefox's bfcache); read at that moment: a save may have just reset.
  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => {
      const element = form.current;
      if (otherChanges || (element && firstChangedField(element))) event.preventDefault();
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [changed, otherChanges, form]);

  const blocker = useBlocker(useCallback(({ currentLocation, nextLocation }) => changed && currentLocation.pathname !== nextLocation.pathname, [changed]));

  // Held while saving: saved, it proceeds; refused, the seller is asked (read after the form's effects reset a save); each hold is a new blocker.
  const [askedAbout, setAskedAbout] = useState<Blocker | null>(null);
  const heldWhileSaving = useRef<Blocker["location"] | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (saving) {
      if (blocker.state === "blocked") heldWhileSaving.current = blocker.location;
      return;
    }
    const held = heldWhileSaving.current;
    heldWhileSaving.current = null;
    if (blocker.state !== "blocked") {
      // A form that saves by navigating: React Router drops the held navigation once the save's completes.
      if (held) void navigate(held);
      return;
    }
    const element = form.current;
    if (!otherChanges && !(element && firstChangedField(element))) return blocker.proceed();
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setAskedAbout(blocker);
  }, [blocker, saving, otherChanges, form, navigate]);
  const asking = blocker.state === "blocked" && askedAbout === blocker;

  const keepEditing = () => {
    blocker.reset?.();
    const element = form.current;
    if (element) (firstChangedField(element) ?? element.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select"))?.focus();
  };
  return { blocker, asking, keepEditing };
}

const firstChangedField = (form: HTMLFormElement): HTMLElement | null => ([...form.elements] as HTMLElement[]).find(fieldChanged) ?? null;

function fieldChanged(field: Element): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.defaultSelected) && !field.selectedOptions[0]?.defaultSelected;
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (!(field instanceof HTMLInputElement)) return false;
  if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
  return field.type === "file" ? Boolean(field.files?.length) : field.value !== field.defaultValue;
}
