import { conflict, HttpError, parseInput } from "@worker/errors";
import { findByIdempotencyKey } from "@worker/services/orders";
import { readForm } from "@worker/request-body";
import { checkout } from "@worker/services/checkout";
import { placedOrderPath } from "@shared/order-status";
import { checkoutFormInput } from "@worker/validation/order";
import type { RouterContextProvider } from "react-router";
import { fromContext } from "./context";
import { shopperOf } from "./shopper-state";

export const CART_ALREADY_ORDERED = "This cart was already ordered, in another tab or on another device: see My Orders.";

/** The Place Order form: returns My Orders with the new order highlighted, or Stripe's checkout page. */
export async function submitCheckout(request: Request, context: Readonly<RouterContextProvider>): Promise<string> {
  const user = await shopperOf(context).user();
  if (!user) throw new HttpError(401, "Please log in to place your order");
  const { paymentType, ...order } = parseInput(checkoutFormInput, Object.fromEntries(await readForm(request)));
  const worker = fromContext(context);
  // An empty saved cart means this cart was ordered since (another tab), unless this very form was posted before.
  if (Object.keys(user.cartItems).length === 0 && !(order.idempotencyKey && (await findByIdempotencyKey(worker.db, user.id, order.idempotencyKey))))
    throw conflict(CART_ALREADY_ORDERED);
  const { order: placed, paymentUrl } = await checkout(worker, user, order, paymentType);
  return paymentUrl ?? placedOrderPath(placed.id);
}
