import { z } from "zod";
import type { WorkerContext } from "@worker/web/context";
import { HttpError, parseInput } from "@worker/errors";
import { startCheckout } from "@worker/payments/checkout";
import { cardPaymentsEnabled } from "@worker/payments/stripe-client";
import { readForm } from "@worker/request-body";
import { limitOrders } from "@worker/security/rate-limit";
import { placeOrder } from "@worker/services/orders";
import { currentUser } from "./shopper-state";

const checkoutForm = z.object({
  paymentType: z.enum(["COD", "Online"], { error: "Choose a payment method" }),
  items: z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Your cart could not be read. Please reload the page." });
      return z.NEVER;
    }
  }),
  address: z.string().optional(),
  idempotencyKey: z.string().optional(),
});

/**
 * The cart page's Place Order form, through the same order service as the JSON API.
 * Returns where the browser goes next: My Orders (cash on delivery) or Stripe's checkout page.
 */
export async function submitCheckout(request: Request, worker: WorkerContext): Promise<string> {
  const user = await currentUser(request, worker);
  if (!user) throw new HttpError(401, "Please log in to place your order");
  const { paymentType, ...order } = parseInput(checkoutForm, Object.fromEntries(await readForm(request)));
  if (paymentType === "Online" && !cardPaymentsEnabled(worker.env)) {
    throw new HttpError(503, "Card payment is not available. Please choose Cash On Delivery.");
  }
  await limitOrders(worker.env, user.id);
  const { order: placed } = await placeOrder(worker, user, order, paymentType);
  if (paymentType === "COD") return "/my-orders";
  if (placed.isPaid) return "/my-orders";
  return startCheckout(worker.env, worker.db, placed, user.email);
}
