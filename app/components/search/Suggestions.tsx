import { useEffect, useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { productPath } from "@shared/paths";
import { formatRupees, rupeesToPaise } from "@shared/money";
import { MIN_SUGGEST_LENGTH, normaliseSearchText, SUGGEST_PATH } from "@shared/search";

export type ComboboxState = { expanded: boolean; activeId: string | undefined };

export type SuggestionsProps = {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  onStateChange: (state: ComboboxState) => void;
  /** Submitted since first focused: then what it holds is not asked for on loading. */
  searchSubmitted: RefObject<boolean>;
  onChoose: () => void;
};

type Suggestion = { _id: string; name: string; category: string; offerPrice: number; image: string | null; inStock: boolean };
type Answer = { suggestions: Suggestion[]; didYouMean: string | null };

const DEBOUNCE_MS = 120;

/** The search box's suggestions (GET /api/product/suggest, edge-cached) as a WAI-ARIA 1.2 combobox's listbox. */
export function Suggestions({ input, listId, onStateChange, searchSubmitted, onChoose }: SuggestionsProps) {
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  const cache = useRef(new Map<string, Answer>());
  const asked = useRef("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);

  const items = answer?.suggestions ?? [];
  const expanded = open && items.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  const activeId = expanded && active >= 0 ? optionId(active) : undefined;
  useEffect(() => onStateChange({ expanded, activeId }), [expanded, activeId, onStateChange]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  // Its last count is not left for a screen reader to meet later.
  const choose = (item: Suggestion) => {
    close();
    setAnswer(null);
    setAnnouncement("");
    asked.current = "";
    onChoose();
    void navigate(productPath({ category: item.category, id: item._id }));
  };

  const show = (text: string, found: Answer) => {
    if (asked.current !== text) return; // an answer to text the box no longer holds
    if (document.activeElement !== input.current) return; // the shopper has moved on
    setAnswer(found);
    setActive(-1);
    setOpen(true);
    const count = found.suggestions.length;
    const soldOutCount = found.suggestions.filter((item) => !item.inStock).length;
    const soldOut = soldOutCount === 0 ? "" : soldOutCount === count ? ", out of stock" : `, ${soldOutCount} out of stock`;
    setAnnouncement(
      count === 0
        ? "No suggestions. Press Enter to search."
        : `${count} ${count === 1 ? "suggestion" : "suggestions"}${found.didYouMean ? ` for ${found.didYouMean}` : ""}${soldOut}. Use the up and down arrows to choose.`,
    );
  };

  useEffect(() => {
    const box = input.current;
    if (!box) return;

    const ask = () => {
      const text = normaliseSearchText(box.value);
      if (text === asked.current && answer) return setOpen(true);
      asked.current = text;
      clearTimeout(timer.current);
      request.current?.abort();
      if ([...text].length < MIN_SUGGEST_LENGTH) {
        setOpen(false);
        setAnswer(null);
        return;
      }
      const known = cache.current.get(text);
      if (known) return show(text, known);
      timer.current = setTimeout(() => {
        request.current = new AbortController();
        fetch(`${SUGGEST_PATH}?${new URLSearchParams({ q: text })}`, { signal: request.current.signal, headers: { Accept: "application/json" } })
          .then((response) => (response.ok ? (response.json() as Promise<Answer>) : null))
          .then((found) => {
            if (!found) return;
            cache.current.set(text, found);
            show(text, found);
          })
          .catch(() => {}); // aborted by the next keystroke, or offline
      }, DEBOUNCE_MS);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const count = items.length;
      switch (event.key) {
        case "ArrowDown":
        case "ArrowUp":
          if (count === 0) return;
          event.preventDefault();
          setOpen(true);
          if (event.key === "ArrowUp") setActive((i) => (open && i > 0 ? i - 1 : count - 1));
          else if (!event.altKey) setActive((i) => (open ? (i + 1) % count : 0));
          return;
        case "Enter":
          // Either way the shopper is leaving: an answer on its way must not open the list.
          clearTimeout(timer.current);
          request.current?.abort();
          if (expanded && active >= 0 && items[active]) {
            event.preventDefault();
            choose(items[active]);
          } else setOpen(false);
          return;
        case "Escape":
          if (expanded) {
            event.preventDefault();
            close();
          }
          return;
        case "Tab":
          setOpen(false);
      }
    };

    const listeners = new AbortController();
    box.addEventListener("input", ask, { signal: listeners.signal });
    box.addEventListener("focus", ask, { signal: listeners.signal });
    box.addEventListener("keydown", onKeyDown, { signal: listeners.signal });
    box.addEventListener("blur", close, { signal: listeners.signal });
    // Loaded while the shopper was already typing.
    if (!searchSubmitted.current && document.activeElement === box && !asked.current) ask();
    return () => listeners.abort();
  });

  const indexOf = (event: React.MouseEvent) => Number((event.target as Element).closest("[role=option]")?.getAttribute("data-index") ?? -1);

  useEffect(() => {
    return () => {
      clearTimeout(timer.current);
      request.current?.abort();
    };
  }, []);

  return (
    <>
      {/* The mouse's way to the options; the keyboard's stays in the box (a press keeps the focus there, so choosing does not blur and close first). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        onMouseDown={(event) => event.preventDefault()}
        onMouseMove={(event) => {
          const i = indexOf(event);
          if (i >= 0 && i !== active) setActive(i);
        }}
        onClick={(event) => {
          const item = items[indexOf(event)];
          if (item) choose(item);
        }}
        className="absolute left-0 right-0 top-full z-40 mt-1 overflow-hidden rounded-md border border-gray-200 bg-white text-left shadow-lg md:left-auto md:w-80"
        hidden={!expanded}
      >
        {answer?.didYouMean && (
          <p className="border-b border-gray-100 px-3 py-2 text-xs text-gray-600">
            Showing results for <strong className="text-gray-900">{answer.didYouMean}</strong>
          </p>
        )}
        <ul id={listId} role="listbox" aria-label="Suggestions">
          {items.map((item, i) => (
            <li
              key={item._id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              data-index={i}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? "bg-primary-soft" : ""}`}
            >
              {/* The API names images on APP_URL; this page may be on another origin of the same Worker. */}
              {item.image && (
                <img
                  src={new URL(item.image).pathname}
                  alt=""
                  width={32}
                  height={32}
                  className={`h-8 w-8 shrink-0 object-contain ${item.inStock ? "" : "opacity-60"}`}
                />
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-gray-900">{item.name}</span>
                <span className="block text-xs text-gray-600">{item.category}</span>
              </span>
              {item.inStock ? (
                <span className="text-gray-700">{formatRupees(rupeesToPaise(item.offerPrice))}</span>
              ) : (
                <span className="text-sm text-gray-600">Out of stock</span>
              )}
            </li>
          ))}
        </ul>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
