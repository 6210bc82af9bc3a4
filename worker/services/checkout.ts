/** Place an order and, for card payment, open its Stripe Checkout: the API's and the cart page's one path. */
import { and, eq } from "drizzle-orm";
import type { Store } from "@worker/db/client";
import { orders, type User } from "@worker/db/schema";
import { conflict, HttpError } from "@worker/errors";
import { awaitingCardPayment } from "@shared/order-status";
import { shopperOrder } from "./order-detail";
import { systemEnding, UNPAID_CANCEL_REASONS } from "./cancellation";
import { startCheckout } from "@worker/payments/checkout";
import { cardPaymentsEnabled } from "@worker/payments/stripe-client";
import { limitOrders, limitPaymentCalls } from "@worker/security/rate-limit";
import { publishStoreEvent } from "@worker/events/queue";
import { claimReplacedCardOrders, placeOrder, type OrderWithItems, type PaymentType } from "./orders";
import { endWaitingCardOrder, finishEnding, type ClaimedCardOrder } from "./unpaid-card-orders";

export const CARD_PAYMENT_UNAVAILABLE = "Online payment is not available. Please choose Cash On Delivery.";

/** `created` is false when an idempotency key returned an order placed before. */
export async function checkout(store: Store, user: Pick<User, "id" | "email">, input: unknown, paymentType: PaymentType, callerOrigin: string | null = null) {
  if (paymentType === "Online" && !cardPaymentsEnabled(store.env)) throw new HttpError(503, CARD_PAYMENT_UNAVAILABLE);
  await limitOrders(store.env, user.id);
  let placed;
  try {
    placed = await placeOrder(store, user, input, paymentType);
  } catch (error) {
    // Every 409 here is stock: the last units may be held by this shopper's own unpaid card order.
    if (!(error instanceof HttpError && error.status === 409)) throw error;
    if ((await replaceWaitingCardOrders(store, await claimReplacedCardOrders(store.db, user.id, null))) === 0) throw error;
    placed = await placeOrder(store, user, input, paymentType);
  }
  const { order, created } = placed;
  // The order's own batch claimed the card orders it replaces.
  await replaceWaitingCardOrders(store, placed.claimed);
  if (order.paymentType !== paymentType) throw conflict("This order was already placed.");
  // A card order is news to its shopper once paid (payments/webhook.ts).
  if (created && paymentType === "COD") await publishStoreEvent(store, { kind: "order-event", orderId: order.id, event: "Order Placed", at: order.createdAt });
  if (paymentType === "COD" || order.isPaid) return { order, created, paymentUrl: null };
  return { order, created, paymentUrl: await openCheckout(store, order, user.email, callerOrigin) };
}

/** When Stripe fails, an order with no checkout yet is undone at once, its idempotency key freed (ADR 066). */
async function openCheckout(store: Store, order: OrderWithItems, email: string, callerOrigin: string | null): Promise<string> {
  try {
    return await startCheckout(store.env, store.db, order, email, callerOrigin);
  } catch (error) {
    const current = await store.db.query.orders.findFirst({ where: eq(orders.id, order.id), columns: { stripeSessionId: true } });
    if (current && !current.stripeSessionId) {
      const ending = systemEnding(UNPAID_CANCEL_REASONS.notStarted);
      if ((await endWaitingCardOrder(store, order.id, ending, { ifUnreachable: "cancel", tell: false })) === "cancelled") {
        await store.db
          .update(orders)
          .set({ idempotencyKey: null })
          .where(and(eq(orders.id, order.id), eq(orders.status, "Cancelled")));
      }
    }
    throw error;
  }
}

/** A new order replaces the shopper's waiting card orders (ADR 054); returns how many were cancelled. */
async function replaceWaitingCardOrders(store: Store, claimed: ClaimedCardOrder[]): Promise<number> {
  const outcomes = await finishEnding(store, claimed, { ifUnreachable: "keep", tell: false, fallback: systemEnding(UNPAID_CANCEL_REASONS.replaced) });
  return [...outcomes.values()].filter((outcome) => outcome === "cancelled").length;
}

/** "Pay now" on a waiting card order: the same Checkout Session again (ADR 054), braked per shopper (ADR 065). */
export async function resumeCardPayment(store: Store, user: Pick<User, "id" | "email">, rawOrderId: unknown): Promise<string> {
  await limitPaymentCalls(store.env, user.id);
  const order = await shopperOrder(store.db, user.id, rawOrderId);
  const replaced = order.cancelledBy === "system" && order.cancelReason === UNPAID_CANCEL_REASONS.replaced;
  const refusal = replaced
    ? "This order was replaced by your newer order, so there is nothing to pay: see My Orders."
    : "This order is not waiting for an online payment.";
  if (!awaitingCardPayment(order)) throw conflict(refusal);
  if (!cardPaymentsEnabled(store.env)) throw new HttpError(503, CARD_PAYMENT_UNAVAILABLE);
  return startCheckout(store.env, store.db, order, user.email);
}
