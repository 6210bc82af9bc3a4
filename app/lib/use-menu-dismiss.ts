import { useEffect, type RefObject } from "react";

/**
 * A `<details>` menu closes as menus do: on a tap or click outside it, and on Escape (focus then
 * goes back to its `<summary>`, so the keyboard is where it was). Without JavaScript it still
 * opens and closes from its summary.
 */
export function useMenuDismiss(menu: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = menu.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const details = menu.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [menu]);
}
