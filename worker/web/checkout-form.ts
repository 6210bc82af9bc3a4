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

/**
 * The cart page's Place Order form, through the same checkout service as the JSON API.
 * Returns where the browser goes next: My Orders with the new order highlighted, or Stripe's checkout page.
 */
export async function submitCheckout(request: Request, context: Readonly<RouterContextProvider>): Promise<string> {
  const user = await shopperOf(context).user();
  if (!user) throw new HttpError(401, "Please log in to place your order");
  const { paymentType, ...order } = parseInput(checkoutFormInput, Object.fromEntries(await readForm(request)));
  const worker = fromContext(context);
  // A cart page left open in another tab posts the cart as it was. The saved cart is emptied once
  // an order is placed by cash or paid by card, so an empty one means this cart was ordered since:
  // refused, unless this very form was posted before (its key then answers with that order).
  if (Object.keys(user.cartItems).length === 0 && !(order.idempotencyKey && (await findByIdempotencyKey(worker.db, user.id, order.idempotencyKey)))) {
    throw conflict(CART_ALREADY_ORDERED);
  }
  const { order: placed, paymentUrl } = await checkout(worker, user, order, paymentType);
  return paymentUrl ?? placedOrderPath(placed.id);
}
