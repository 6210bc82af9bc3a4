// What each store event does (ADR 041): idempotent, since a queue delivers at least once.
import { eq } from "drizzle-orm";
import { REFUND_TIME } from "@shared/order-status";
import type { Database } from "@worker/db/client";
import { notifications, orders } from "@worker/db/schema";
import type { OrderEvent, StoreEvent } from "@worker/validation/events";

export async function consumeStoreEvent(db: Database, message: StoreEvent): Promise<void> {
  return notifyShopper(db, message.orderId, message.event, message.at);
}

const MESSAGES: Record<OrderEvent, string> = {
  "Order Placed": "We have your order and will pack it soon.",
  Paid: "We received your payment. Thank you!",
  Packed: "Your order is packed.",
  "Out for delivery": "Your order is out for delivery.",
  Delivered: "Your order was delivered. Enjoy!",
  Cancelled: "Your order was cancelled.",
  Refunded: `Your refund was made: expect it on your card in ${REFUND_TIME}.`,
};

async function notifyShopper(db: Database, orderId: string, event: OrderEvent, at: number): Promise<void> {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return; // nothing to tell anyone: acknowledged, not retried
  await db
    .insert(notifications)
    .values({ id: `${orderId}:${event}`, userId: order.userId, orderId, event, message: MESSAGES[event], createdAt: at })
    .onConflictDoNothing();
}
