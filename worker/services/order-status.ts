/**
 * The order lifecycle: Order Placed → Packed → Out for delivery → Delivered, or Cancelled.
 *
 * Every move is a compare-and-set on the current status (UPDATE … WHERE status = from), so two
 * people moving one order at the same moment cannot both win, and each move is stamped in the
 * order's history. Cancelling records who cancelled and why, gives counted stock back exactly once
 * (which puts a sold-out product back on sale, ADR 019) and flags a paid online order for refund.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { SHOPPER_CANCEL_WINDOW_MS, shopperCanCancel, type CancelledBy, type OrderStatus } from "@shared/order-status";
import type { Database } from "@worker/db/client";
import { orderItems, orders, products, type Order } from "@worker/db/schema";
import { badRequest, conflict, notFound, parseInput } from "@worker/errors";
import { publishStoreEvent } from "@worker/events/queue";
import { sellerCancelInput, shopperCancelInput } from "@worker/validation/order";
import { batchWatchingAvailability, type CatalogStore } from "./catalog-refresh";

/** Which statuses each status may move to, and who may make the move. */
export const NEXT_STATUS: Record<OrderStatus, readonly OrderStatus[]> = {
  "Order Placed": ["Packed", "Cancelled"],
  Packed: ["Out for delivery", "Cancelled"],
  // A delivery that fails (refused at the door, nobody home) comes back: the seller cancels it then.
  "Out for delivery": ["Delivered", "Cancelled"],
  Delivered: [],
  Cancelled: [],
};

/** Why an order was cancelled, as the order records it. */
type Cancellation = { cancelReason: string; cancelNote: string | null; cancelledBy: CancelledBy };

export const CANCEL_NEEDS_REASON = "Choose a reason for cancelling";

/** The seller moves an order one legal step forward (cancelling, which needs a reason, is cancelBySeller). */
export async function moveOrder(store: CatalogStore, orderId: string, to: OrderStatus): Promise<Order> {
  if (to === "Cancelled") throw badRequest(CANCEL_NEEDS_REASON);
  const order = await findOrder(store.db, orderId);
  if (!NEXT_STATUS[order.status].includes(to)) throw conflict(`An order that is ${order.status} cannot become ${to}`);
  return applyMove(store, order, to, eq(orders.status, order.status));
}

/** The seller cancels an order not yet delivered (a failed delivery too), with a reason (and a note) the shopper sees. */
export async function cancelBySeller(store: CatalogStore, input: unknown): Promise<Order> {
  const { orderId, reason, note } = parseInput(sellerCancelInput, input);
  const order = await findOrder(store.db, orderId);
  if (!NEXT_STATUS[order.status].includes("Cancelled")) throw conflict(`An order that is ${order.status} cannot be cancelled`);
  return applyMove(store, order, "Cancelled", eq(orders.status, order.status), { cancelReason: reason, cancelNote: note, cancelledBy: "seller" });
}

/** The shopper cancels their own order, inside the policy's window, with one of the shopper's reasons. */
export async function cancelByShopper(store: CatalogStore, userId: string, input: unknown, now = Date.now()): Promise<Order> {
  const { orderId, reason } = parseInput(shopperCancelInput, input);
  const order = await store.db.query.orders.findFirst({ where: and(eq(orders.id, orderId), eq(orders.userId, userId)) });
  if (!order) throw notFound("Order not found");
  if (!shopperCanCancel(order, now)) {
    throw conflict("This order can no longer be cancelled here: orders can be cancelled within 1 hour, before they are packed.");
  }
  return applyMove(
    store,
    order,
    "Cancelled",
    and(eq(orders.status, "Order Placed"), sql`${orders.createdAt} > ${now - SHOPPER_CANCEL_WINDOW_MS}`)!,
    { cancelReason: reason, cancelNote: null, cancelledBy: "shopper" },
    now,
  );
}

async function findOrder(db: Database, orderId: string): Promise<Order> {
  const order = await db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  if (!order) throw notFound("Order not found");
  return order;
}

/** Cash on delivery collected: the seller marks the order paid once it is out for delivery or delivered. */
export async function markCodPaid(db: Database, orderId: string): Promise<Order> {
  const order = await db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  if (!order) throw notFound("Order not found");
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

async function applyMove(store: CatalogStore, order: Order, to: OrderStatus, guard: SQL, cancellation?: Cancellation, now = Date.now()): Promise<Order> {
  const { db } = store;
  const move = db
    .update(orders)
    .set({
      status: to,
      statusHistory: historyWith(to, now),
      updatedAt: now,
      ...cancellation,
      ...(to === "Cancelled" && order.isPaid ? { paymentState: "refund_due" as const } : {}),
    })
    .where(and(eq(orders.id, order.id), guard))
    .returning();

  // Only a cancellation changes stock (and so, maybe, what is on sale).
  const { productIds, statements } = to === "Cancelled" ? await returnStock(db, order.id) : { productIds: [], statements: [] };
  const [moved] = (await batchWatchingAvailability(store, productIds, [move, ...statements]))[0] as Order[];
  if (!moved) throw conflict("This order was changed by someone else just now. Reload to see its current status.");
  await publishStoreEvent(store, { kind: "order-event", orderId: moved.id, event: to, at: now });
  return moved;
}

/** The order's status history with this move stamped on its end. */
function historyWith(to: OrderStatus, at: number): SQL {
  return sql`json_insert(${orders.statusHistory}, '$[#]', json_object('status', ${to}, 'at', ${at}))`;
}

/** Why the store cancelled a card order whose payment never came. */
export const UNPAID_CANCEL_REASONS = {
  expired: "Payment not completed in time",
  failed: "Payment failed",
  /** The shopper placed a new order while it waited; the store closed its checkout (services/checkout.ts). */
  replaced: "Replaced by your new order",
} as const;

/**
 * A card order whose payment never came (its Checkout Session expired, the payment failed, or a
 * newer order replaced it): the store cancels it and gives its stock back, as any cancellation does
 * (ADR 054). Only while it still waits for its first payment, or its checkout was closed by the
 * store (payment state "expired"), and the seller has not moved it; otherwise the statements
 * change nothing. They are run in the caller's batch (the Stripe event's, recorded once).
 */
export async function cancelUnpaidCardOrder(db: Database, orderId: string, reason: string, now = Date.now()) {
  const cancel = db
    .update(orders)
    .set({ status: "Cancelled", statusHistory: historyWith("Cancelled", now), updatedAt: now, cancelReason: reason, cancelNote: null, cancelledBy: "system" })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "Order Placed"),
        eq(orders.paymentType, "Online"),
        eq(orders.isPaid, false),
        inArray(orders.paymentState, ["pending", "expired"]),
      ),
    );
  const { productIds, statements } = await returnStock(db, orderId);
  return { productIds, statements: [cancel, ...statements] };
}

/** Counted stock of a cancelled order goes back once: guarded by the order's stock_returned flag. */
async function returnStock(db: Database, orderId: string): Promise<{ productIds: string[]; statements: BatchItem<"sqlite">[] }> {
  // What each line took off a counted stock, and no more: a product the store began counting after
  // the order was placed gets nothing back it never gave.
  const items = await db
    .select({ productId: orderItems.productId, stockTaken: orderItems.stockTaken })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.stockTaken} > 0`));
  const notYetReturned = sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${orderId} AND ${orders.status} = 'Cancelled' AND ${orders.stockReturned} = 0)`;
  const statements = [
    ...items.map((item) =>
      db
        .update(products)
        .set({ stock: sql`${products.stock} + ${item.stockTaken}` })
        .where(and(eq(products.id, item.productId), sql`${products.stock} IS NOT NULL`, notYetReturned)),
    ),
    db
      .update(orders)
      .set({ stockReturned: true })
      .where(and(eq(orders.id, orderId), eq(orders.status, "Cancelled"))),
  ];
  return { productIds: items.map((item) => item.productId), statements };
}
