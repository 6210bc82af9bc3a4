/** The seller records a refund made outside the store (ADR 044): a compare-and-set from `refund_due`, so a second mark is a 409. */
import { and, eq } from "drizzle-orm";
import { formatDate, orderNumber, refundUnderWay, type RefundView } from "@shared/order-status";
import { orders, type Order } from "@worker/db/schema";
import { conflict, notFound, parseInput } from "@worker/errors";
import { publishStoreEvent } from "@worker/events/queue";
import { orderRefInput } from "@worker/validation/order";
import type { Store } from "@worker/db/client";

function refundRefusal(order: Pick<Order, "id" | "status" | "isPaid" | "paymentState" | "refundedAt"> & { refunds: RefundView[] }): string | null {
  const number = orderNumber(order.id);
  if (refundUnderWay(order.refunds)) return `The refund of order ${number} is under way in Stripe: it is marked refunded once Stripe has made it.`;
  if (order.paymentState === "refunded")
    return `The refund of order ${number} was already recorded${order.refundedAt === null ? "" : ` on ${formatDate(order.refundedAt)}`}.`;
  if (order.status !== "Cancelled") return `Order ${number} is ${order.status}: only a cancelled order is refunded.`;
  if (order.paymentState !== "refund_due") return `Order ${number} was not paid online, so there is nothing to refund.`;
  return null;
}

export async function markRefunded(store: Store, input: unknown, now = Date.now()): Promise<Order> {
  const { orderId } = parseInput(orderRefInput, input);
  const order = await store.db.query.orders.findFirst({ where: eq(orders.id, orderId), with: { refunds: true } });
  if (!order) throw notFound("Order not found");
  const refusal = refundRefusal(order);
  if (refusal) throw conflict(refusal);
  const [refunded] = await store.db
    .update(orders)
    .set({ paymentState: "refunded", refundedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.paymentState, "refund_due")))
    .returning();
  if (!refunded) throw conflict("This order was changed by someone else just now. Reload to see its current state.");
  await publishStoreEvent(store, { kind: "order-event", orderId, event: "Refunded", at: now });
  return refunded;
}
