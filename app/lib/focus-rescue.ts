const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary';

/**
 * A ref callback (`<ul ref={rescueFocus}>`): when the control that has the focus disappears from
 * this region (a cart line removed, an order moved to its next step, a product deleted), the
 * focus goes to the control now in its place (or the last one left) instead of falling back to
 * the start of the page, where a keyboard or screen-reader user would have to find their way
 * back from. When none is left (the last order of a filtered list moved on), it goes to the
 * page's heading. React 19 calls the returned cleanup when the region leaves the page.
 */
export function rescueFocus(root: HTMLElement | null): (() => void) | undefined {
  return watchFocus(root, "control");
}

/**
 * `rescueFocus` for a list whose buttons act on shared things (the seller's orders, products, search words): when
 * the item that had the focus leaves the list (an order packed out of "to pack"), the focus goes
 * to the item now in its place, not to its button, so a second press of Enter cannot move an order
 * the seller never chose. A control that goes while its item stays (a step's button giving way to
 * the next step's) is rescued as `rescueFocus` does.
 */
export function rescueFocusOnItems(root: HTMLElement | null): (() => void) | undefined {
  return watchFocus(root, "item");
}

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
      // The item's labelled card if it holds one (read out by its name), else the item itself.
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

/**
 * The controls in `root` that can take the focus now: not those inside a closed disclosure (which
 * still have boxes: a closed `<details>` hides its content with `content-visibility`).
 */
function shownControls(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => control.checkVisibility());
}

/**
 * The heading of the part of the page around `element` (a card's, a section's, else the page's),
 * made focusable by script only (not a Tab stop): where the focus goes when what had it is gone.
 */
export function headingNear(element: Element): HTMLElement | null {
  for (let around = element.parentElement; around; around = around.parentElement) {
    const heading = [...around.querySelectorAll<HTMLElement>("h1, h2, h3")].find((h) => !h.closest("dialog") && !element.contains(h));
    if (heading) return focusTarget(heading);
  }
  return null;
}

/** `element`, focusable by script if it is not already (a heading, a landmark: not a Tab stop). */
export function focusTarget(element: HTMLElement): HTMLElement {
  if (!element.hasAttribute("tabindex")) element.tabIndex = -1;
  return element;
}
