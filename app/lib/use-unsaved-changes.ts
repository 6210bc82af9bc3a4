import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useBlocker, useNavigate, type Blocker } from "react-router";

/**
 * A form whose changes are not saved yet asks before they are lost (ADR 055): a link followed in
 * the app, or the back button, is held (`blocker`, for a dialog to ask), and closing or reloading
 * the tab gets the browser's own question. Only in the browser: without JavaScript nothing asks.
 *
 * "Changed" compares each field with its default, which is what the page rendered (React keeps
 * the defaults in step with a page's data read again, and a successful save resets the form): a
 * field typed back to what it was is not a change, and a refused save, which resets nothing, still
 * is. `otherChanges` is what the fields do not show, as the order of the pictures; `saving`, that
 * the form's save is on its way (a navigation then waits for its answer). React does not
 * carry a select's new defaultValue to its options: a select whose saved value can change is keyed
 * by it.
 *
 * React Router holds one blocker at a time: one form per page uses this (the seller's pages and
 * their forms: ADR 055).
 */
export function useUnsavedChanges(
  form: RefObject<HTMLFormElement | null>,
  { otherChanges = false, saving = false }: { otherChanges?: boolean; saving?: boolean } = {},
): { blocker: Blocker; asking: boolean; keepEditing: () => void } {
  const [fieldsChanged, setFieldsChanged] = useState(false);
  const changed = fieldsChanged || otherChanges;

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const check = () => setFieldsChanged(firstChangedField(element) !== null);
    // `reset` comes before the fields are reset.
    const checkAfterReset = () => queueMicrotask(check);
    check(); // typed before the page was hydrated
    element.addEventListener("input", check);
    element.addEventListener("change", check);
    element.addEventListener("reset", checkAfterReset);
    return () => {
      element.removeEventListener("input", check);
      element.removeEventListener("change", check);
      element.removeEventListener("reset", checkAfterReset);
    };
  }, [form]);

  // Only while changed (MDN's advice): a standing listener keeps the page out of Firefox's back-forward cache.
  // It asks what the fields say at that moment: a save that has just reset them (its toast already
  // shown) has not always been rendered yet, and a reload then must not ask.
  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => {
      const element = form.current;
      if (otherChanges || (element && firstChangedField(element))) event.preventDefault();
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [changed, otherChanges, form]);

  // Another page only: the same path with another query keeps this form, and what is typed in it.
  const blocker = useBlocker(useCallback(({ currentLocation, nextLocation }) => changed && currentLocation.pathname !== nextLocation.pathname, [changed]));

  // A navigation held while a save is on its way waits for the save's answer: saved, the seller
  // goes on unasked; refused, they are asked. Decided from the fields themselves, in an effect that
  // comes after the form's own (where a save resets them): `changed` catches up a render later.
  // Each held navigation is a new blocker: the one asked about is remembered, not a flag to clear.
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
      // A form that saves by navigating (not a fetcher): React Router drops the navigation it held
      // once the save's own completes. Followed again, it is held and decided as any other.
      if (held) void navigate(held);
      return;
    }
    const element = form.current;
    if (!otherChanges && !(element && firstChangedField(element))) return blocker.proceed();
    // The fields (outside React) are only known to be settled here, after the form's own effects.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setAskedAbout(blocker);
  }, [blocker, saving, otherChanges, form, navigate]);
  const asking = blocker.state === "blocked" && askedAbout === blocker;

  /** Stay: the navigation is dropped, and the focus goes back to the form, on the first change. */
  const keepEditing = () => {
    blocker.reset?.();
    const element = form.current;
    if (element) (firstChangedField(element) ?? element.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select"))?.focus();
  };
  return { blocker, asking, keepEditing };
}

/** The first field whose value is not its default (hidden inputs never differ; single-choice selects). */
function firstChangedField(form: HTMLFormElement): HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null {
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement) {
      const changed =
        field.type === "checkbox" || field.type === "radio"
          ? field.checked !== field.defaultChecked
          : field.type === "file"
            ? Boolean(field.files?.length)
            : field.value !== field.defaultValue;
      if (changed) return field;
    } else if (field instanceof HTMLTextAreaElement) {
      if (field.value !== field.defaultValue) return field;
    } else if (field instanceof HTMLSelectElement) {
      // A select without a default-selected option shows the browser's choice: nothing to compare with.
      const options = [...field.options];
      if (options.some((option) => option.defaultSelected) && !field.selectedOptions[0]?.defaultSelected) return field;
    }
  }
  return null;
}
