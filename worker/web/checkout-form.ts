import { HttpError, parseInput } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { checkout } from "@worker/services/checkout";
import { placedOrderPath } from "@shared/order-status";
import { checkoutFormInput } from "@worker/validation/order";
import type { RouterContextProvider } from "react-router";
import { fromContext } from "./context";
import { shopperOf } from "./shopper-state";

/**
 * The cart page's Place Order form, through the same checkout service as the JSON API.
 * Returns where the browser goes next: My Orders with the new order highlighted, or Stripe's checkout page.
 */
export async function submitCheckout(request: Request, context: Readonly<RouterContextProvider>): Promise<string> {
  const user = await shopperOf(context).user();
  if (!user) throw new HttpError(401, "Please log in to place your order");
  const { paymentType, ...order } = parseInput(checkoutFormInput, Object.fromEntries(await readForm(request)));
  const { order: placed, paymentUrl } = await checkout(fromContext(context), user, order, paymentType);
  return paymentUrl ?? placedOrderPath(placed.id);
}
