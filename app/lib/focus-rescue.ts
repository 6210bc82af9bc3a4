const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary';

/** When the focused control leaves this region, focus its successor (or the last one, else the nearest heading), not the page start. */
export const rescueFocus = (root: HTMLElement | null) => watchFocus(root, "control");

/** As `rescueFocus`, but when a whole item leaves (an order packed), focus the item now in its place, not its button: a second Enter must not act on an item never chosen. */
export const rescueFocusOnItems = (root: HTMLElement | null) => watchFocus(root, "item");

function watchFocus(root: HTMLElement | null, whenItemGoes: "control" | "item"): (() => void) | undefined {
  if (!root) return undefined;
  let last: { element: Element; index: number; item: Element | null; itemIndex: number } | null = null;
  const onFocusIn = (event: FocusEvent) => {
    const element = event.target as HTMLElement;
    const item = [...root.children].find((child) => child.contains(element)) ?? null;
    last = { element, index: shownControls(root).indexOf(element), item, itemIndex: item ? [...root.children].indexOf(item) : -1 };
  };
  const observer = new MutationObserver(() => {
    if (!last || last.element.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return; // the page moved the focus itself
    let target: HTMLElement | null;
    if (whenItemGoes === "item" && last.item && !last.item.isConnected) {
      const items = [...root.children] as HTMLElement[];
      const inPlace = items[Math.min(Math.max(last.itemIndex, 0), items.length - 1)];
      target = inPlace ? focusTarget(inPlace.querySelector<HTMLElement>(":scope > article[aria-label]") ?? inPlace) : headingNear(root);
    } else {
      const left = shownControls(root);
      target = left[Math.min(Math.max(last.index, 0), left.length - 1)] ?? headingNear(root);
    }
    last = null;
    target?.focus();
  });
  root.addEventListener("focusin", onFocusIn);
  observer.observe(root, { childList: true, subtree: true });
  return () => {
    root.removeEventListener("focusin", onFocusIn);
    observer.disconnect();
  };
}

/** Controls that can take the focus now: not those in a closed `<details>` (content-visibility keeps their boxes). */
const shownControls = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => control.checkVisibility());

/** The nearest heading around `element`, focusable by script only: where the focus goes when what had it is gone. */
export function headingNear(element: Element): HTMLElement | null {
  for (let around = element.parentElement; around; around = around.parentElement) {
    const heading = [...around.querySelectorAll<HTMLElement>("h1, h2, h3")].find((h) => !h.closest("dialog") && !element.contains(h));
    if (heading) return focusTarget(heading);
  }
  return null;
}

/** `element`, focusable by script if not already (not a Tab stop). */
export function focusTarget(element: HTMLElement): HTMLElement {
  if (!element.hasAttribute("tabindex")) element.tabIndex = -1;
  return element;
}
