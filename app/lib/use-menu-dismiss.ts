import { useEffect, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * A `<details>` menu or panel closes as menus do: on a tap or click outside it, on Escape (focus
 * then goes back to its `<summary>`, so the keyboard is where it was), and once a link in it has
 * been followed. Without JavaScript it still opens and closes from its summary.
 *
 * Escape closes one menu at a time, the innermost (a nested menu's effect subscribes first and
 * marks the key as handled), and none while a dialog has the focus: the dialog's own Escape.
 * Returns that close, for a control in the menu that closes it too (a question's Keep).
 *
 * What opens is scrolled up into view if its foot is not (a question opening at the foot of a
 * phone's screen, under the cart bar): menus in the sticky top bar never move the page.
 */
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
    const details = menu.current;
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    details?.addEventListener("toggle", onToggle);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      details?.removeEventListener("toggle", onToggle);
    };
  }, [menu]);
  return () => {
    if (menu.current) closeWithFocus(menu.current);
  };
}

/** Closed, with the focus back on its summary: the keyboard is where it was before it opened. */
function closeWithFocus(details: HTMLDetailsElement) {
  details.open = false;
  details.querySelector("summary")?.focus();
}
