// A Stripe Checkout Session priced from the order itself, so Stripe's total equals it to the paisa.
import { billLines, chargedOn } from "@shared/fees";
import { and, eq } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { orders } from "@worker/db/schema";
import { conflict, HttpError } from "@worker/errors";
import { corsAllowList } from "@worker/security/same-origin";
import type { OrderWithItems } from "@worker/services/orders";
import { paymentReturnPath, UNPAID_CARD_ORDER_HOLD_MS, UNPAID_PARAM } from "@shared/order-status";
import { cardPaymentsEnabled, stripeClient, type StripeEnv } from "./stripe-client";

export const PAYMENT_UNAVAILABLE_MSG = "Online payment is not available right now. Please try again, or choose Cash On Delivery.";

type CheckoutEnv = Pick<Env, "APP_URL" | "CORS_ORIGINS"> & Partial<Pick<Env, "STRIPE_PAYMENT_METHODS">>;

/** Where Stripe sends the payer back: APP_URL, or a CORS_ORIGINS front end that started it (the spec client's routes). */
export function checkoutReturnUrls(env: CheckoutEnv, callerOrigin: string | null, orderId: string): { success: string; cancel: string } {
  if (callerOrigin && corsAllowList(env).has(callerOrigin)) return { success: `${callerOrigin}/loader?next=my-orders`, cancel: `${callerOrigin}/cart` };
  const appUrl = env.APP_URL.replace(/\/$/, "");
  // Paid: straight to the order, which confirms the payment; back from cancelling, the cart says the order waits for it, with Pay now (ADR 054).
  return { success: `${appUrl}${paymentReturnPath(orderId)}`, cancel: `${appUrl}/cart?${UNPAID_PARAM}=${encodeURIComponent(orderId)}` };
}

export async function startCheckout(env: StripeEnv & CheckoutEnv, db: Database, order: OrderWithItems, email: string, callerOrigin: string | null = null) {
  const returnUrls = checkoutReturnUrls(env, callerOrigin, order.id);
  const lineItem = (name: string, paise: number, quantity: number) => ({
    price_data: { currency: "inr", product_data: { name }, unit_amount: paise },
    quantity,
  });
  const lineItems = order.items.map((item) => lineItem(item.name, item.unitPricePaise, item.quantity));
  // The bill's other lines, named as the cart names them, so Stripe's page adds up to the order.
  for (const { name, paise } of billLines(chargedOn(order)).slice(1)) if (paise > 0) lineItems.push(lineItem(name, paise, 1));

  // STRIPE_PAYMENT_METHODS ("card,upi"), or none: then Stripe offers what its Dashboard has switched on.
  const methods = (env.STRIPE_PAYMENT_METHODS ?? "").split(",").flatMap((type) => (type.trim() ? [type.trim()] : []));
  let session;
  try {
    session = await stripeClient(env).checkout.sessions.create(
      {
        mode: "payment",
        ...(methods.length > 0 && { payment_method_types: methods }),
        line_items: lineItems,
        customer_email: email,
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        payment_intent_data: { metadata: { orderId: order.id } },
        // ADR 054; from the order's time, not now: a retry must send its idempotency key's parameters.
        expires_at: Math.floor((order.createdAt + UNPAID_CARD_ORDER_HOLD_MS) / 1000),
        success_url: returnUrls.success,
        cancel_url: returnUrls.cancel,
      },
      { idempotencyKey: `checkout-${order.id}` },
    );
  } catch (error) {
    console.error("Stripe checkout session failed", { orderId: order.id, error: String(error) });
    throw new HttpError(502, PAYMENT_UNAVAILABLE_MSG);
  }
  if (!session.url) throw new HttpError(502, PAYMENT_UNAVAILABLE_MSG);
  const [stored] = await db
    .update(orders)
    .set({ stripeSessionId: session.id, updatedAt: Date.now() })
    .where(and(eq(orders.id, order.id), eq(orders.status, "Order Placed"), eq(orders.paymentState, "pending")))
    .returning({ id: orders.id });
  if (!stored) {
    // Ended while Stripe answered (undone, replaced, cancelled): its checkout must not stay payable (ADR 066).
    await closeCheckout(env, session.id);
    throw conflict("This order is no longer waiting for its payment: see My Orders.");
  }
  return session.url;
}

/** What closing a checkout found: closed now or before; paid meanwhile; or Stripe could not say. */
export type CheckoutClosing = "closed" | "paid" | "unreachable";

export async function closeCheckout(env: StripeEnv, sessionId: string): Promise<CheckoutClosing> {
  if (!cardPaymentsEnabled(env)) return "unreachable"; // no way to ask Stripe (keys removed since)
  const stripe = stripeClient(env);
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return "closed";
  } catch (error) {
    try {
      const { status } = await stripe.checkout.sessions.retrieve(sessionId);
      return status === "expired" ? "closed" : status === "complete" ? "paid" : "unreachable";
    } catch {
      console.warn("Stripe checkout could not be closed", { sessionId, error: String(error) });
      return "unreachable";
    }
  }
}
