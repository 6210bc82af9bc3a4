import { useSyncExternalStore, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { CART_CHANGED, cartCount, withQuantity, type CartItems, type CartPrices } from "@shared/cart";
import { feeNudge } from "@shared/fees";
import { itemsTotal } from "@shared/money";
import { useShopperState } from "./root-data";
import { toast } from "./toast";
import { useActionToast } from "./use-action-toast";

/** The one cart action (routes/shop/cart.tsx), with or without JavaScript. */
export const CART_PATH = "/cart";

type PendingLine = { productId: string; quantity: number; pricePaise?: number };

/** All cart changes go through one fetcher, one post at a time (see `useCartChange`). */
const CART_FETCHER = "cart";

// Changes made while a post is on its way wait for the next post: two posts at once could land in either order, one undoing the other.
// `posting` keeps the post's lines until it settles: its formData reaches the page in a later transition, and a tap between would miss them.
const waiting = new Map<string, PendingLine>();
let posting = new Map<string, PendingLine>();
const listeners = new Set<() => void>();
let revision = 0;
let sending = false;
function changed() {
  revision++;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const currentRevision = () => revision;
const serverRevision = () => 0;

/** The lines of the post on its way, as the rendered fetcher state has them. */
function usePostedLines(): PendingLine[] {
  const { formAction, formData } = useFetcher({ key: CART_FETCHER });
  if (formAction !== CART_PATH || !formData) return [];
  const prices = (productId: string) => Number(formData.get(`price.${productId}`)) || undefined;
  const quantities = formData.getAll("quantity");
  return formData.getAll("productId").map((id, i) => ({ productId: String(id), quantity: Number(quantities[i]), pricePaise: prices(String(id)) }));
}

/** The cart as the shopper sees it: the root loader's, with the changes on their way applied over it (optimistic UI); `saving` while any is. */
export function useCart(): { items: CartItems; prices: CartPrices; count: number; saving: boolean } {
  const shopper = useShopperState();
  let items = shopper?.cart ?? {};
  let prices = shopper?.prices ?? {};
  useSyncExternalStore(subscribe, currentRevision, serverRevision);
  // Oldest first: the rendered post, the post on its way, the changes waiting for the next.
  const pending = [...usePostedLines(), ...posting.values(), ...waiting.values()];
  for (const line of pending) {
    items = withQuantity(items, line.productId, line.quantity);
    if (line.pricePaise && prices[line.productId] === undefined) prices = { ...prices, [line.productId]: line.pricePaise };
  }
  return { items, prices, count: cartCount(items), saving: pending.length > 0 };
}

/** What the cart still needs for the minimum order or to pay fewer fees ("Add ₹40 more for free delivery"), or null. */
export function useFeeNudge(): string | null {
  const { items, prices } = useCart();
  const subtotal = itemsTotal(items, prices);
  const fees = useShopperState()?.store.fees;
  return subtotal > 0 && fees ? feeNudge(subtotal, fees) : null;
}

/** Says so when the cart refused a change (mounted once, in the layout). */
export function useCartErrors() {
  const fetcher = useFetcher<{ ok: boolean; msg: string }>({ key: CART_FETCHER });
  useActionToast(fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data : undefined);
}

export function useCartChange() {
  const fetcher = useFetcher({ key: CART_FETCHER });
  const { items } = useCart();
  const submit = fetcher.submit;
  return (productId: string, quantity: number, pricePaise?: number) => {
    toast.success(quantity > (items[productId] ?? 0) ? CART_CHANGED.added : CART_CHANGED.removed);
    waiting.set(productId, { productId, quantity, pricePaise });
    changed();
    if (!sending) void sendWaiting(submit);
  };
}

/** Post the waiting changes, one post at a time, until none wait. Only the root revalidates afterwards. */
async function sendWaiting(submit: ReturnType<typeof useFetcher>["submit"]) {
  sending = true;
  try {
    while (waiting.size > 0) {
      const form = new FormData();
      form.set("intent", "set");
      for (const line of waiting.values()) {
        form.append("productId", line.productId);
        form.append("quantity", String(line.quantity));
        if (line.pricePaise) form.set(`price.${line.productId}`, String(line.pricePaise));
      }
      posting = new Map(waiting);
      waiting.clear();
      await submit(form, { method: "post", action: CART_PATH, defaultShouldRevalidate: false });
      posting = new Map();
      changed();
    }
  } finally {
    sending = false;
    posting = new Map();
    changed();
  }
}

/** A form whose answer reads the saved cart (a login, Place Order, Buy now) is held while the cart's changes are on their way, then sent as it was. */
export function submitAfterCartSaved(event: FormEvent<HTMLFormElement>) {
  if (!sending && waiting.size === 0) return;
  event.preventDefault();
  const [form, submitter] = [event.currentTarget, (event.nativeEvent as SubmitEvent).submitter];
  const check = () => !sending && waiting.size === 0 && (listeners.delete(check), form.requestSubmit(submitter), true);
  listeners.add(check);
}

export function cartFormAction(returnTo: string): string {
  return `${CART_PATH}?redirectTo=${encodeURIComponent(returnTo)}`;
}
