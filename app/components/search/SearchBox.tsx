import { useEffect, useId, useRef, useState, type ComponentType } from "react";
import { Form, useSearchParams } from "react-router";
import { MAX_SEARCH_LENGTH, normaliseSearchText } from "@shared/search-text";
import type { ComboboxState, SuggestionsProps } from "./Suggestions";

/**
 * The top bar's search box: a plain GET form to /products (so it works without JavaScript), and
 * with JavaScript a combobox whose suggestions come from the server as you type (WAI-ARIA 1.2
 * combobox with a listbox popup).
 *
 * The suggestions' code (fetching, keys, the listbox: ./Suggestions.tsx) is loaded on the first
 * focus of the box, not with the page: the shop's first-load JavaScript has a budget (ADR 030).
 * This part only owns the input and the ARIA state the popup reports back.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const [params] = useSearchParams();
  const id = useId();
  const listId = `${id}-suggestions`;
  const input = useRef<HTMLInputElement>(null);
  const [Suggestions, setSuggestions] = useState<ComponentType<SuggestionsProps> | null>(null);
  const [state, setState] = useState<ComboboxState>({ expanded: false, activeId: undefined });
  const loading = useRef(false);
  // A search submitted before the suggestions' code arrived: it must not then open them over the results.
  const submitted = useRef(false);
  // The box says what the page shows: the search of a results page, nothing once the shopper has
  // gone elsewhere (it is uncontrolled, so a client-side navigation would otherwise keep old text).
  const shownSearch = normaliseSearchText(params.get("search") ?? "");
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement !== box) box.value = shownSearch;
  }, [shownSearch]);

  // A suggestion chosen: the product page is no search, so the box empties, and the focus leaves it
  // (a phone's keyboard closes) for the new page's heading, where RouteAnnouncer puts it.
  const letGo = () => {
    const box = input.current;
    if (!box) return;
    box.value = "";
    box.blur();
  };

  const enhance = () => {
    if (loading.current) return;
    loading.current = true;
    submitted.current = false;
    import("./Suggestions").then(
      (module) => setSuggestions(() => module.Suggestions),
      // Offline or a stale deploy: the box stays a plain search form.
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
        defaultValue={normaliseSearchText(params.get("search") ?? "")}
        placeholder="Search for aloo, milk, atta…"
        maxLength={MAX_SEARCH_LENGTH}
        onFocus={enhance}
        onPointerDown={enhance}
        // The focus ring is the pill's (the form's), not a square drawn inside it.
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
