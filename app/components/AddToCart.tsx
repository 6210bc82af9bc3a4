import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { ProductCardView } from "@worker/services/catalog";
import { mostPerOrder, stockBinds } from "@shared/cart";
import { cartFormAction, useCart, useCartChange } from "~/lib/cart";
import { toast } from "~/lib/toast";

const ADD_BUTTON =
  "flex h-10 w-24 items-center justify-center rounded border border-primary/40 bg-primary-soft text-sm font-medium text-primary-dull hover:bg-primary/20";

type CardProduct = Pick<ProductCardView, "id" | "name" | "offerPricePaise" | "left" | "maxPerOrder">;
// "Add", then a − qty + stepper: plain forms posting to /cart (few elements: a listing has dozens), a fetcher once hydrated.
// + stops at the seller's limit per order, and at the count left when the card knows it (only a few left); else the cart says so.
export function AddToCart({ product: { id: productId, name: productName, offerPricePaise: unitPricePaise, left, maxPerOrder } }: { product: CardProduct }) {
  const quantity = useCart().items[productId] ?? 0;
  const limits = { stock: left, maxPerOrder };
  const allInCart = quantity >= mostPerOrder(limits);
  const why = stockBinds(limits) ? `all ${left} left are in your cart` : `at most ${mostPerOrder(limits)} per order`;
  const setQuantity = useCartChange();
  const location = useLocation();
  const action = cartFormAction(`${location.pathname}${location.search}`);
  const hadFocus = useRef(false);
  // Stable, so React calls it only when a button mounts (Add and the stepper swap).
  const takeFocus = useCallback((element: HTMLButtonElement | null) => {
    if (!element || !hadFocus.current) return;
    hadFocus.current = false;
    element.focus();
  }, []);
  useEffect(() => {
    hadFocus.current = false;
  }, [quantity]);

  const button = (intent: "add" | "remove", label: string, text: string, className: string, ref?: (element: HTMLButtonElement | null) => void) => (
    <form
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        if (intent === "add" && allInCart) return void toast.error(`${productName}: ${why}`);
        hadFocus.current = event.currentTarget.contains(document.activeElement);
        setQuantity(productId, intent === "add" ? quantity + 1 : quantity - 1, unitPricePaise);
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      <button
        ref={ref}
        type="submit"
        name="intent"
        value={intent}
        aria-label={label}
        aria-disabled={(intent === "add" && allInCart) || undefined}
        className={`${className} aria-disabled:opacity-40`}
      >
        {text}
      </button>
    </form>
  );

  if (quantity === 0) return button("add", `Add ${productName} to cart`, "Add", ADD_BUTTON, takeFocus);
  return (
    <div className="flex h-10 w-24 items-center justify-between rounded bg-primary/20 text-primary-dull select-none">
      {button("remove", `Remove one ${productName}`, "−", "h-10 w-9 text-lg")}
      <span aria-live="polite" className="text-sm font-medium">
        <span className="sr-only">{productName} in cart: </span>
        {quantity}
      </span>
      {button("add", `Add one more ${productName}${allInCart ? ` (${why})` : ""}`, "+", "h-10 w-9 text-lg", takeFocus)}
    </div>
  );
}
