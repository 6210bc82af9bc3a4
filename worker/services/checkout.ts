/**
 * Checkout: place an order and, for card payment, open its Stripe Checkout. The one path behind
 * the JSON API's /api/order/cod and /api/order/stripe and the cart page's Place Order form.
 */
import type { Database } from "@worker/db/client";
import type { User } from "@worker/db/schema";
import { conflict, HttpError, notFound } from "@worker/errors";
import { awaitingCardPayment } from "@shared/order-status";
import { findOwnedOrder, ORDER_NOT_FOUND } from "./order-detail";
import { startCheckout } from "@worker/payments/checkout";
import { cardPaymentsEnabled } from "@worker/payments/stripe-client";
import { limitOrders } from "@worker/security/rate-limit";
import { publishStoreEvent } from "@worker/events/queue";
import { placeOrder, type OrderWithItems, type PaymentType } from "./orders";

export const CARD_PAYMENT_UNAVAILABLE = "Card payment is not available. Please choose Cash On Delivery.";

export type CheckoutResult = {
  order: OrderWithItems;
  /** False when an idempotency key returned an order placed before. */
  created: boolean;
  /** Stripe's checkout page, for a card payment still to be made. */
  paymentUrl: string | null;
};

export async function checkout(
  store: { db: Database; env: Env },
  user: Pick<User, "id" | "email">,
  input: unknown,
  paymentType: PaymentType,
  /** The calling front end's Origin, for Stripe's return trip (see checkoutReturnUrls). */
  callerOrigin: string | null = null,
): Promise<CheckoutResult> {
  if (paymentType === "Online" && !cardPaymentsEnabled(store.env)) throw new HttpError(503, CARD_PAYMENT_UNAVAILABLE);
  await limitOrders(store.env, user.id);
  const { order, created } = await placeOrder(store, user, input, paymentType);
  if (order.paymentType !== paymentType) throw conflict("This order was already placed.");
  // A card order is news to its shopper once paid (payments/webhook.ts).
  if (created && paymentType === "COD") await publishStoreEvent(store, { kind: "order-event", orderId: order.id, event: "Order Placed", at: order.createdAt });
  if (paymentType === "COD" || order.isPaid) return { order, created, paymentUrl: null };
  return { order, created, paymentUrl: await startCheckout(store.env, store.db, order, user.email, callerOrigin) };
}

/**
 * The shopper's card order still waiting for its payment, by its id (the cart's `?unpaid=` after
 * leaving Stripe's page), or null: another shopper's, a paid or a cancelled one is never shown.
 */
export async function awaitingPaymentOrder(db: Database, userId: string, rawOrderId: unknown): Promise<{ id: string; createdAt: number } | null> {
  const order = await findOwnedOrder(db, userId, rawOrderId);
  return order && awaitingCardPayment(order) ? { id: order.id, createdAt: order.createdAt } : null;
}

/**
 * "Pay now" on a card order still waiting for its payment (the shopper left Stripe's page): the
 * same Checkout Session again (its idempotency key is the order's), until it expires (ADR 054).
 * Another shopper's order is not found; one paid, cancelled or cash on delivery is a 409.
 */
export async function resumeCardPayment(store: { db: Database; env: Env }, user: Pick<User, "id" | "email">, rawOrderId: unknown): Promise<string> {
  const order = await findOwnedOrder(store.db, user.id, rawOrderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (!awaitingCardPayment(order)) throw conflict("This order is not waiting for a card payment.");
  if (!cardPaymentsEnabled(store.env)) throw new HttpError(503, CARD_PAYMENT_UNAVAILABLE);
  return startCheckout(store.env, store.db, order, user.email);
}
