import { useEffect } from "react";
import { useFetcher, useFetchers } from "react-router";
import { CART_CHANGED, cartCount, withQuantity, type CartItems, type CartPrices } from "@shared/cart";
import { useShopperState } from "./root-data";
import { toast } from "./toast";

/** The one cart action (routes/shop/cart.tsx), with or without JavaScript. */
export const CART_PATH = "/cart";

type PendingLine = { productId: string; quantity: number; pricePaise?: number };

/** The line a cart submission in flight changes: its last productId and quantity (earlier ones are other submissions' it carries). */
function pendingLine(formAction: string | undefined, formData: FormData | undefined): PendingLine | null {
  if (formAction !== CART_PATH || formData?.get("intent") !== "set") return null;
  const productId = String(formData.getAll("productId").at(-1));
  return { productId, quantity: Number(formData.getAll("quantity").at(-1)), pricePaise: Number(formData.get(`price.${productId}`)) || undefined };
}

function usePendingLines(): PendingLine[] {
  return useFetchers().flatMap((fetcher) => pendingLine(fetcher.formAction, fetcher.formData) ?? []);
}

/** The cart as the shopper sees it: the root loader's, with the changes in flight applied over it (optimistic UI); `saving` while one is. */
export function useCart(): { items: CartItems; prices: CartPrices; count: number; saving: boolean } {
  const shopper = useShopperState();
  let items = shopper?.cart ?? {};
  let prices = shopper?.prices ?? {};
  const pending = usePendingLines();
  for (const line of pending) {
    items = withQuantity(items, line.productId, line.quantity);
    if (line.pricePaise && prices[line.productId] === undefined) prices = { ...prices, [line.productId]: line.pricePaise };
  }
  return { items, prices, count: cartCount(items), saving: pending.length > 0 };
}

// Every post carries the other lines in flight too: a guest's cart is the cookie each request brings, so two
// posts at once would otherwise each save only their own line. Only the root revalidates afterwards.
export function useCartChange() {
  const fetcher = useFetcher<{ ok: boolean; msg: string }>();
  const { items } = useCart();
  const others = usePendingLines();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) toast.error(fetcher.data.msg);
  }, [fetcher.state, fetcher.data]);
  return (productId: string, quantity: number, pricePaise?: number) => {
    toast.success(quantity > (items[productId] ?? 0) ? CART_CHANGED.added : CART_CHANGED.removed);
    const form = new FormData();
    form.set("intent", "set");
    for (const line of [...others.filter((other) => other.productId !== productId), { productId, quantity, pricePaise }]) {
      form.append("productId", line.productId);
      form.append("quantity", String(line.quantity));
      if (line.pricePaise) form.set(`price.${line.productId}`, String(line.pricePaise));
    }
    void fetcher.submit(form, { method: "post", action: CART_PATH, defaultShouldRevalidate: false });
  };
}

export function cartFormAction(returnTo: string): string {
  return `${CART_PATH}?redirectTo=${encodeURIComponent(returnTo)}`;
}
