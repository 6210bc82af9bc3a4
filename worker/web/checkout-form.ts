import { HttpError, parseInput } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { checkout } from "@worker/services/checkout";
import { checkoutFormInput } from "@worker/validation/order";
import type { WorkerContext } from "./context";
import { currentUser } from "./shopper-state";

/**
 * The cart page's Place Order form, through the same checkout service as the JSON API.
 * Returns where the browser goes next: My Orders, or Stripe's checkout page.
 */
export async function submitCheckout(request: Request, worker: WorkerContext): Promise<string> {
  const user = await currentUser(request, worker);
  if (!user) throw new HttpError(401, "Please log in to place your order");
  const { paymentType, ...order } = parseInput(checkoutFormInput, Object.fromEntries(await readForm(request)));
  const { paymentUrl } = await checkout(worker, user, order, paymentType);
  return paymentUrl ?? "/my-orders";
}
