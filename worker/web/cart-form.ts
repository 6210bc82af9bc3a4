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

/** The one way the pages change a cart (ADR 057): the shopper's saved cart, or the guest's cookie. */
export async function applyCartForm(request: Request, context: Readonly<RouterContextProvider>) {
  const worker = fromContext(context);
  const form = await readForm(request);
  const quantities = form.getAll("quantity");
  const lines = form.getAll("productId").map((productId, index) => ({ productId, quantity: quantities[index] }));
  const change = parseInput(cartFormInput, { intent: form.get("intent"), lines });
  const user = await shopperOf(context).user();
  const cart = user ? user.cartItems : guestCart(request);
  const next =
    change.intent === "set"
      ? change.lines.reduce((items, line) => withQuantity(items, line.productId, line.quantity), cart)
      : (change.intent === "add" ? withAdded : withRemoved)(cart, change.lines[0].productId);
  const last = change.lines.at(-1)!.productId;
  const msg = (next[last] ?? 0) > (cart[last] ?? 0) ? CART_CHANGED.added : (next[last] ?? 0) < (cart[last] ?? 0) ? CART_CHANGED.removed : CART_CHANGED.updated;
  if (user) {
    await storeCart(worker.db, user.id, next);
    return { msg };
  }
  return { msg, headers: { "Set-Cookie": cartCookie(request, worker.env, await knownCartItems(worker.db, next)) } };
}

export const cartFormReturn = (request: Request): string => safeLocalPath(new URL(request.url).searchParams.get("redirectTo") ?? "/cart");
