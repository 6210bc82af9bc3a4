import { useLocation } from "react-router";
import { useCart } from "./CartProvider";

/**
 * "Add" until the product is in the cart, then a − qty + stepper. Each button is a plain form
 * posting to /cart, so it works before JavaScript loads; once hydrated the cart updates in place.
 * (Plain <form>s rather than React Router's <Form>: a listing has dozens, and they hydrate faster.)
 */
export function AddToCart({ productId, productName }: { productId: string; productName: string }) {
  const cart = useCart();
  const location = useLocation();
  const quantity = cart.items[productId] ?? 0;
  const back = `${location.pathname}${location.search}`;

  const button = (intent: "add" | "remove", label: string, text: string, className: string) => (
    <form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        event.preventDefault();
        void (intent === "add" ? cart.add(productId) : cart.remove(productId));
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={back} />
      <button type="submit" aria-label={label} className={className}>
        {text}
      </button>
    </form>
  );

  if (quantity === 0) {
    return button(
      "add",
      `Add ${productName} to cart`,
      "Add",
      "flex h-9 w-20 items-center justify-center rounded border border-primary/40 bg-primary-soft text-sm font-medium text-primary-dull hover:bg-primary/20",
    );
  }
  return (
    <div className="flex h-9 w-20 items-center justify-between rounded bg-primary/20 text-primary-dull select-none">
      {button("remove", `Remove one ${productName}`, "−", "h-9 w-7 text-lg")}
      <span aria-live="polite" className="text-sm font-medium">
        <span className="sr-only">{productName} in cart: </span>
        {quantity}
      </span>
      {button("add", `Add one more ${productName}`, "+", "h-9 w-7 text-lg")}
    </div>
  );
}
