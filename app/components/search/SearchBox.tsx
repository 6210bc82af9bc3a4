import { useEffect, useId, useRef, useState, type ComponentType } from "react";
import { Form, useSearchParams } from "react-router";
import { MAX_SEARCH_LENGTH, normaliseSearchText } from "@shared/search-text";
import type { ComboboxState, SuggestionsProps } from "./Suggestions";

/** A plain GET form to /products; with JavaScript a WAI-ARIA combobox whose code (./Suggestions) loads on first focus (ADR 030). */
export function SearchBox({ className = "" }: { className?: string }) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const input = useRef<HTMLInputElement>(null);
  const [Suggestions, setSuggestions] = useState<ComponentType<SuggestionsProps> | null>(null);
  const [state, setState] = useState<ComboboxState>({ expanded: false, activeId: undefined });
  const loading = useRef(false);
  // Submitted before the suggestions' code arrived: it must not then open them over the results.
  const submitted = useRef(false);
  // Uncontrolled: a client navigation would otherwise keep old text.
  const shownSearch = normaliseSearchText(useSearchParams()[0].get("search") ?? "");
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement !== box) box.value = shownSearch;
  }, [shownSearch]);

  // A suggestion chosen: the box empties and lets go of the focus (a phone's keyboard closes).
  const letGo = () => {
    if (input.current) input.current.value = "";
    input.current?.blur();
  };

  const enhance = () => {
    if (loading.current) return;
    loading.current = true;
    submitted.current = false;
    import("./Suggestions").then(
      (module) => setSuggestions(() => module.Suggestions),
      // Offline or a stale deploy: a plain search form.
      () => (loading.current = false),
    );
  };

  return (
    <Form
      method="get"
      action="/products"
      role="search"
      onSubmit={() => (submitted.current = true)}
      className={`relative flex items-center rounded-full border border-gray-300 bg-white px-3 text-sm has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-primary ${className}`}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        ref={input}
        id={id}
        name="search"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={state.expanded}
        aria-controls={Suggestions ? listId : undefined}
        aria-activedescendant={state.activeId}
        autoComplete="off"
        defaultValue={shownSearch}
        placeholder="Search for aloo, milk, atta…"
        maxLength={MAX_SEARCH_LENGTH}
        onFocus={enhance}
        onPointerDown={enhance}
        className="w-full bg-transparent py-1.5 outline-none! placeholder:text-gray-500 lg:w-52"
      />
      <button type="submit" aria-label="Search" className="p-1 text-gray-600">
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
      {Suggestions && <Suggestions input={input} listId={listId} onStateChange={setState} searchSubmitted={submitted} onChoose={letGo} />}
    </Form>
  );
}
