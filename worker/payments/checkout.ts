/**
 * Online payment: a Stripe Checkout Session for an order, priced from the order itself (D1 prices,
 * the same money module), so Stripe's total equals the order's amount to the paisa.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { orders } from "../db/schema";
import { HttpError } from "../errors";
import type { OrderWithItems } from "../services/orders";
import { stripeClient, type StripeEnv } from "./stripe-client";

export const PAYMENT_UNAVAILABLE_MSG = "Card payment is not available right now. Please try again, or choose Cash On Delivery.";

export async function startCheckout(
  env: StripeEnv & Pick<Env, "APP_URL">,
  db: Database,
  order: OrderWithItems,
  customerEmail: string,
): Promise<string> {
  const stripe = stripeClient(env);
  const appUrl = env.APP_URL.replace(/\/$/, "");
  const lineItems = order.items.map((item) => ({
    price_data: { currency: "inr", product_data: { name: item.name }, unit_amount: item.unitPricePaise },
    quantity: item.quantity,
  }));
  if (order.taxPaise > 0) {
    lineItems.push({ price_data: { currency: "inr", product_data: { name: "Tax (2%)" }, unit_amount: order.taxPaise }, quantity: 1 });
  }

  let session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: lineItems,
        customer_email: customerEmail,
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        payment_intent_data: { metadata: { orderId: order.id } },
        // Built from configuration only: request headers (Host, Origin) never decide where money goes.
        success_url: `${appUrl}/loader?next=/my-orders`,
        cancel_url: `${appUrl}/cart`,
      },
      // A retry of the same order reuses the same session instead of opening a second one.
      { idempotencyKey: `checkout-${order.id}` },
    );
  } catch (error) {
    console.error("Stripe checkout session failed", { orderId: order.id, error: String(error) });
    throw new HttpError(502, PAYMENT_UNAVAILABLE_MSG);
  }
  if (!session.url) throw new HttpError(502, PAYMENT_UNAVAILABLE_MSG);
  await db.update(orders).set({ stripeSessionId: session.id, updatedAt: Date.now() }).where(eq(orders.id, order.id));
  return session.url;
}
