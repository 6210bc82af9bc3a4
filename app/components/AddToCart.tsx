import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { cartFormAction, useCart, useCartChange } from "~/lib/cart";

/**
 * "Add" until the product is in the cart, then a − qty + stepper (36 × 40 px buttons: a thumb's
 * target on a phone card). Each button is a plain form posting to /cart, so it works before
 * JavaScript loads; once hydrated it sets the line through a fetcher (~/lib/cart).
 * (Plain <form>s rather than React Router's <Form>, as few elements as possible: a listing has
 * dozens, and every element costs server render time and hydration.) When Add becomes the
 * stepper, or the stepper Add again, the button that had the focus is gone: the focus goes to its
 * successor ("Add one more", or "Add"), not to the start of the page.
 */
export function AddToCart({ productId, productName, unitPricePaise }: { productId: string; productName: string; unitPricePaise: number }) {
  const quantity = useCart().items[productId] ?? 0;
  const setQuantity = useCartChange();
  const location = useLocation();
  const action = cartFormAction(`${location.pathname}${location.search}`);
  const hadFocus = useRef(false);
  // On the button that replaces the one pressed. Stable, so React calls it only when a button
  // mounts (Add and the stepper swap), not on every render; it detaches the pressed button's
  // ref (null) before it attaches its successor's.
  const takeFocus = useCallback((element: HTMLButtonElement | null) => {
    if (!element || !hadFocus.current) return;
    hadFocus.current = false;
    element.focus();
  }, []);
  // A change that swapped nothing (2 to 1) leaves no claim on the focus for a later swap.
  useEffect(() => {
    hadFocus.current = false;
  }, [quantity]);

  const button = (intent: "add" | "remove", label: string, text: string, className: string, ref?: (element: HTMLButtonElement | null) => void) => (
    <form
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        hadFocus.current = event.currentTarget.contains(document.activeElement);
        setQuantity(productId, intent === "add" ? quantity + 1 : quantity - 1, unitPricePaise);
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      <button ref={ref} type="submit" name="intent" value={intent} aria-label={label} className={className}>
        {text}
      </button>
    </form>
  );

  if (quantity === 0) {
    return button(
      "add",
      `Add ${productName} to cart`,
      "Add",
      "flex h-10 w-24 items-center justify-center rounded border border-primary/40 bg-primary-soft text-sm font-medium text-primary-dull hover:bg-primary/20",
      takeFocus,
    );
  }
  return (
    <div className="flex h-10 w-24 items-center justify-between rounded bg-primary/20 text-primary-dull select-none">
      {button("remove", `Remove one ${productName}`, "−", "h-10 w-9 text-lg")}
      <span aria-live="polite" className="text-sm font-medium">
        <span className="sr-only">{productName} in cart: </span>
        {quantity}
      </span>
      {button("add", `Add one more ${productName}`, "+", "h-10 w-9 text-lg", takeFocus)}
    </div>
  );
}
