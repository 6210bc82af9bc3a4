// What each store event does (ADR 041): idempotent, since a queue delivers at least once.
import { eq } from "drizzle-orm";
import { REFUND_TIME } from "@shared/order-status";
import type { Database } from "@worker/db/client";
import { notifications, orders } from "@worker/db/schema";
import type { OrderEvent, StoreEvent } from "@worker/validation/events";

const MESSAGES: Record<OrderEvent, string> = {
  "Order Placed": "We have your order and will pack it soon.",
  Paid: "We received your payment. Thank you!",
  Packed: "Your order is packed.",
  "Out for delivery": "Your order is out for delivery.",
  Delivered: "Your order was delivered. Enjoy!",
  Cancelled: "Your order was cancelled.",
  Refunded: `Your refund was made: expect it back on the card or UPI account you paid from in ${REFUND_TIME}.`,
};

/** Tells the order's shopper, under the event's own key. */
export async function consumeStoreEvent(db: Database, { orderId, event, at }: StoreEvent): Promise<void> {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return; // nothing to tell anyone: acknowledged, not retried
  await db
    .insert(notifications)
    .values({ id: `${orderId}:${event}`, userId: order.userId, orderId, event, message: MESSAGES[event], createdAt: at })
    .onConflictDoNothing();
}
