/** The order lifecycle. Every move is a compare-and-set on the current status, so two people moving one order cannot both win. */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { SHOPPER_CANCEL_WINDOW_MS, shopperCanCancel, type OrderStatus } from "@shared/order-status";
import type { Database, Store } from "@worker/db/client";
import { orders, type Order } from "@worker/db/schema";
import { badRequest, conflict, HttpError, notFound, parseInput } from "@worker/errors";
import { refundCancelled } from "@worker/payments/refunds";
import { publishStoreEvent } from "@worker/events/queue";
import { limitPaymentCalls } from "@worker/security/rate-limit";
import { sellerCancelInput, shopperCancelInput } from "@worker/validation/order";
import { cancelColumns, historyWith, returnStock, type Ending } from "./cancellation";
import { endWaitingCardOrder } from "./unpaid-card-orders";
import { creditCancellation, creditRefunds, issueInvoice } from "./invoices";

export const NEXT_STATUS: Record<OrderStatus, readonly OrderStatus[]> = {
  "Order Placed": ["Packed", "Cancelled"],
  Packed: ["Out for delivery", "Cancelled"],
  // A failed delivery comes back: the seller cancels it then.
  "Out for delivery": ["Delivered", "Cancelled"],
  Delivered: [],
  Cancelled: [],
};

export const CANCEL_NEEDS_REASON = "Choose a reason for cancelling";

export async function moveOrder(store: Store, orderId: string, to: OrderStatus): Promise<Order> {
  if (to === "Cancelled") throw badRequest(CANCEL_NEEDS_REASON);
  const order = await findOrder(store.db, orderId);
  if (!NEXT_STATUS[order.status].includes(to)) throw conflict(`An order that is ${order.status} cannot become ${to}`);
  // Packed, it would leave the hour its stock is held for, and no expiry could end it (ADR 066).
  if (unpaidCardOrder(order)) throw conflict("This card order is not paid yet: it can be packed once its payment arrives.");
  return applyMove(store, order, to, eq(orders.status, order.status));
}

export async function cancelBySeller(store: Store, input: unknown): Promise<Order> {
  const { orderId, reason, note } = parseInput(sellerCancelInput, input);
  const order = await findOrder(store.db, orderId);
  if (!NEXT_STATUS[order.status].includes("Cancelled")) throw conflict(`An order that is ${order.status} cannot be cancelled`);
  const ending: Ending = { by: "seller", reason, note };
  if (unpaidCardOrder(order)) return cancelWaitingCardOrder(store, order, ending);
  return applyMove(store, order, "Cancelled", eq(orders.status, order.status), ending);
}

export async function cancelByShopper(store: Store, userId: string, input: unknown, now = Date.now()): Promise<Order> {
  const { orderId, reason } = parseInput(shopperCancelInput, input);
  const order = await findOrder(store.db, orderId, userId);
  if (!shopperCanCancel(order, now))
    throw conflict("This order can no longer be cancelled here: orders can be cancelled within 1 hour, before they are packed.");
  const ending: Ending = { by: "shopper", reason, note: null };
  if (unpaidCardOrder(order)) return cancelWaitingCardOrder(store, order, ending);
  const stillCancellable = and(eq(orders.status, "Order Placed"), sql`${orders.createdAt} > ${now - SHOPPER_CANCEL_WINDOW_MS}`)!;
  return applyMove(store, order, "Cancelled", stillCancellable, ending, now);
}

/** Waiting for its payment, or being ended by someone else just now. */
const unpaidCardOrder = (order: Order): boolean => order.paymentType === "Online" && !order.isPaid && order.status === "Order Placed";

/** Cancelled only once its Stripe checkout is closed (ADR 066); braked per person, as it calls Stripe. */
async function cancelWaitingCardOrder(store: Store, order: Order, ending: Ending): Promise<Order> {
  await limitPaymentCalls(store.env, ending.by === "shopper" ? order.userId : "seller");
  const outcome = await endWaitingCardOrder(store, order.id, ending, { ifUnreachable: "keep", tell: true });
  if (outcome === "paid") throw conflict("This order was paid just now, so it was not cancelled. Reload to see it.");
  if (outcome === "unreachable")
    throw new HttpError(502, "The payment service could not be reached to stop this payment, so the order is not cancelled yet. Please try again in a minute.");
  if (outcome === "not-waiting") throw conflict("This order was changed by someone else just now. Reload to see its current status.");
  return findOrder(store.db, order.id);
}

/** With `userId`, only that shopper's: another's is not found. */
async function findOrder(db: Database, orderId: string, userId?: string): Promise<Order> {
  const order = await db.query.orders.findFirst({ where: and(eq(orders.id, orderId), userId === undefined ? undefined : eq(orders.userId, userId)) });
  if (!order) throw notFound("Order not found");
  return order;
}

export async function markCodPaid(db: Database, orderId: string): Promise<Order> {
  const order = await findOrder(db, orderId);
  if (order.paymentType !== "COD") throw conflict("Only cash-on-delivery orders are marked paid by hand");
  if (order.isPaid) return order;
  if (order.status !== "Out for delivery" && order.status !== "Delivered") throw conflict("Mark the payment when the order is delivered");
  const [updated] = await db
    .update(orders)
    .set({ isPaid: true, paymentState: "paid", updatedAt: Date.now() })
    .where(and(eq(orders.id, orderId), eq(orders.isPaid, false)))
    .returning();
  return updated ?? order;
}

async function applyMove(store: Store, order: Order, to: OrderStatus, guard: SQL, ending?: Ending, now = Date.now()): Promise<Order> {
  const { db } = store;
  const move = db
    .update(orders)
    .set({
      status: to,
      statusHistory: historyWith(to, now),
      updatedAt: now,
      ...(ending && cancelColumns(ending)),
      ...(to === "Cancelled" && order.isPaid ? { paymentState: "refund_due" as const } : {}),
    })
    .where(and(eq(orders.id, order.id), guard))
    .returning();
  const statements =
    to === "Cancelled"
      ? [...(await returnStock(db, order.id)).statements, creditCancellation(db, order.id, now)]
      : to === "Packed"
        ? [...issueInvoice(db, order.id, now), creditRefunds(db, order.id, now)]
        : [];
  const [moved] = (await db.batch([move, ...statements]))[0] as Order[];
  if (!moved) throw conflict("This order was changed by someone else just now. Reload to see its current status.");
  await publishStoreEvent(store, { kind: "order-event", orderId: moved.id, event: to, at: now });
  if (moved.paymentType === "Online" && moved.paymentState === "refund_due") await refundCancelled(store, moved);
  return moved;
}
