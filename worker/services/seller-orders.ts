/** The seller's view of orders: everything to fulfil (cash on delivery, or paid online), newest first. */
import { and, count, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { orders, type OrderStatus } from "../db/schema";
import type { OrderWithItems } from "./orders";

export const SELLER_PAGE_SIZE = 30;

const toFulfil = or(eq(orders.paymentType, "COD"), eq(orders.isPaid, true))!;

export type SellerOrderQuery = { status?: OrderStatus; before?: number };

export async function listSellerOrders(db: Database, query: SellerOrderQuery = {}): Promise<{ orders: OrderWithItems[]; nextBefore: number | null }> {
  const conditions: SQL[] = [toFulfil];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.before) conditions.push(lt(orders.createdAt, query.before));
  const rows = await db.query.orders.findMany({
    where: and(...conditions),
    orderBy: desc(orders.createdAt),
    limit: SELLER_PAGE_SIZE + 1,
    with: { items: true },
  });
  const page = rows.slice(0, SELLER_PAGE_SIZE);
  return { orders: page, nextBefore: rows.length > SELLER_PAGE_SIZE ? page[page.length - 1]!.createdAt : null };
}

/** How many orders wait to be packed (shown at the top of the orders page). */
export async function countAwaitingPacking(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(and(toFulfil, eq(orders.status, "Order Placed")));
  return row?.n ?? 0;
}
