import { useEffect, type RefObject } from "react";
import { useLocation } from "react-router";

// A `<details>` menu closes as menus do (outside tap; Escape, innermost only, not in a dialog; a followed link) and opens into view. Returns its close.
export function useMenuDismiss(menu: RefObject<HTMLDetailsElement | null>): () => void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    menu.current?.removeAttribute("open");
  }, [menu, pathname, search]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = menu.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const details = menu.current;
      if (event.key !== "Escape" || event.defaultPrevented || !details?.open) return;
      if (event.target instanceof Element && event.target.closest("dialog")) return;
      event.preventDefault();
      closeWithFocus(details);
    };
    const onToggle = () => {
      const details = menu.current;
      if (!details?.open) return;
      const hiddenBelow = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0;
      if (details.getBoundingClientRect().bottom > window.innerHeight - hiddenBelow) details.scrollIntoView({ block: "end" });
    };
    const listeners = new AbortController();
    document.addEventListener("pointerdown", onPointerDown, { signal: listeners.signal });
    document.addEventListener("keydown", onKeyDown, { signal: listeners.signal });
    menu.current?.addEventListener("toggle", onToggle, { signal: listeners.signal });
    return () => listeners.abort();
  }, [menu]);
  return () => {
    if (menu.current) closeWithFocus(menu.current);
  };
}

function closeWithFocus(details: HTMLDetailsElement) {
  details.open = false;
  details.querySelector("summary")?.focus();
}
