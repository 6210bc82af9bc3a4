import { CART_CHANGED, withAdded, withQuantity, withRemoved } from "@shared/cart";
import { safeLocalPath } from "@shared/redirect";
import { cartCookie } from "@worker/web/cart-cookie";
import type { RouterContextProvider } from "react-router";
import { fromContext } from "./context";
import { parseInput } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { cartFormInput } from "@worker/validation/cart";
import { knownCartItems, storeCart } from "@worker/services/cart";
import { guestCart, shopperOf } from "./shopper-state";

/**
 * The no-JavaScript path of the cart buttons: apply one change to the guest cart cookie, or to the
 * signed-in shopper's saved cart, then go back to the page in the action's `redirectTo`
 * (shared/cart.ts `cartFormAction`).
 */
export async function applyCartForm(request: Request, context: Readonly<RouterContextProvider>) {
  const worker = fromContext(context);
  const form = Object.fromEntries(await readForm(request));
  const change = parseInput(cartFormInput, form);
  const user = await shopperOf(context).user();
  const cart = user ? user.cartItems : guestCart(request);
  const next =
    change.intent === "set"
      ? withQuantity(cart, change.productId, change.quantity)
      : change.intent === "add"
        ? withAdded(cart, change.productId)
        : withRemoved(cart, change.productId);
  const headers = new Headers();
  if (user) await storeCart(worker.db, user.id, next);
  else headers.set("Set-Cookie", cartCookie(request, worker.env, await knownCartItems(worker.db, next)));
  return {
    headers,
    redirectTo: cartFormReturn(request),
    message: CHANGE_MESSAGES[change.intent === "set" && change.quantity === 0 ? "delete" : change.intent],
  };
}

/** The spec's toasts, the same the page shows when JavaScript makes the change (CartProvider). */
const CHANGE_MESSAGES = { add: CART_CHANGED.added, remove: CART_CHANGED.removed, delete: CART_CHANGED.removed, set: CART_CHANGED.updated } as const;

/** Where a cart form goes back to: its `redirectTo`, a path on this site. */
export function cartFormReturn(request: Request): string {
  return safeLocalPath(new URL(request.url).searchParams.get("redirectTo") ?? "/cart");
}
