/** The seller's orders to fulfil (cash on delivery, or paid online), newest first, every narrowing on an index (ADR 035). */
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, type Column, type SQL } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { DAY_MS, IST_OFFSET_MS } from "@shared/ist";
import { ACTIVE_STATUSES } from "@shared/order-status";
import { orderNotes, orders } from "@worker/db/schema";
import { notFound } from "@worker/errors";
import type { SellerOrdersQuery } from "@worker/validation/order";
import { foundOrder, ORDER_NOT_FOUND } from "./order-detail";
import { cityPrefixes } from "./city-names";
import { emailKey, nameKey, phoneKey, pincodeKey, reversed } from "./order-search-keys";

export const SELLER_PAGE_SIZE = 10;

export const toFulfil = or(eq(orders.paymentType, "COD"), eq(orders.isPaid, true))!;

/** `waiting`: orders waiting for the seller's next step, the sidebar's badge. */
export async function sellerOrdersPage(db: Database, query: SellerOrdersQuery = {}) {
  const [rows, [packing], [waiting]] = await db.batch([listQuery(db, query), packingQuery(db), waitingQuery(db)]);
  const page = rows.slice(0, SELLER_PAGE_SIZE);
  const nextBefore = rows.length > SELLER_PAGE_SIZE ? page[page.length - 1]!.createdAt : null;
  return { orders: page, nextBefore, awaitingPacking: packing?.n ?? 0, waiting: waiting?.n ?? 0 };
}

/** One page and one more row, to know there is a next. */
export const listQuery = (db: Database, query: SellerOrdersQuery) =>
  db.query.orders.findMany({
    where: and(toFulfil, ...narrowing(query)),
    // A search reads its ranges' indexes, then sorts the few it finds; `+` keeps SQLite from walking all orders by date instead.
    orderBy: query.q ? sql`+${orders.createdAt} desc` : desc(orders.createdAt),
    limit: SELLER_PAGE_SIZE + 1,
    with: { items: true, refunds: true, notes: { orderBy: asc(orderNotes.createdAt) } },
  });

export const waitingOrderCount = async (db: Database): Promise<number> => (await waitingQuery(db))[0]?.n ?? 0;

/** For a page whose filters were refused. */
export const awaitingPackingCount = async (db: Database): Promise<number> => (await packingQuery(db))[0]?.n ?? 0;

const countToFulfil = (db: Database, condition: SQL) => db.select({ n: count() }).from(orders).where(and(toFulfil, condition));
const packingQuery = (db: Database) => countToFulfil(db, eq(orders.status, "Order Placed"));
const waitingQuery = (db: Database) => countToFulfil(db, inArray(orders.status, [...ACTIVE_STATUSES]));

export const isNarrowed = (query: SellerOrdersQuery): boolean => Boolean(query.status || query.from || query.to || query.method || query.paid || query.q);

function narrowing(query: SellerOrdersQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.before) conditions.push(lt(orders.createdAt, query.before));
  if (query.from) conditions.push(gte(orders.createdAt, startOfIndianDay(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, startOfIndianDay(query.to) + DAY_MS));
  if (query.method) conditions.push(eq(orders.paymentType, query.method === "cod" ? "COD" : "Online"));
  // A literal, so SQLite may walk the partial index orders_refund_due_idx.
  if (query.paid === "refund") conditions.push(sql`${orders.paymentState} = 'refund_due'`);
  // Paid is money the store keeps, as the dashboard counts it.
  else if (query.paid === "paid") conditions.push(eq(orders.isPaid, true), eq(orders.paymentState, "paid"));
  // Unpaid is money still to come: a cancelled order owes nothing.
  else if (query.paid === "unpaid") conditions.push(eq(orders.isPaid, false), ne(orders.status, "Cancelled"));
  if (query.q) conditions.push(searchCondition(query.q));
  return conditions;
}

const startOfIndianDay = (day: string): number => Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;

/** A search matches the start of an order number, name, surname, e-mail or city, a phone's start or end, or a PIN: each a range on an index. */
export function searchCondition(text: string): SQL {
  const terms = termsOf(text);
  // A PIN with other words ("asha 560034"): the orders to that PIN the other words match.
  const words = text.trim().split(/\s+/);
  const pincode = words.find((word) => /^\d{6}$/.test(word));
  const others = pincode && words.length > 1 ? termsOf(words.filter((word) => word !== pincode).join(" ")) : [];
  if (pincode && others.length > 0) terms.push(and(eq(orders.searchPincode, pincode), or(...others))!);
  // Words of the seller's own notes (issue 40): a few rows, read whole. D1 refuses a LIKE pattern over 50 bytes.
  const note = text.trim().replace(/[\\%_]/g, "\\$&");
  if (note.length >= 3 && new TextEncoder().encode(note).length <= 48)
    terms.push(sql`${orders.id} IN (SELECT order_id FROM order_notes WHERE note LIKE ${`%${note}%`} ESCAPE '\\')`);
  return terms.length > 0 ? or(...terms)! : eq(orders.id, "");
}

function termsOf(text: string): SQL[] {
  const terms: SQL[] = [];
  const id = text.trim().toLowerCase().replace(/^#/, "");
  if (/^[0-9a-f-]{4,36}$/.test(id)) terms.push(startsWith(orders.id, id));
  if (/^\+?[\d\s-]{4,}$/.test(text.trim())) {
    const digits = text.trim().replace(/^\+91/, "").replace(/\D/g, "");
    if (digits.length >= 10) terms.push(eq(orders.searchPhone, phoneKey(digits)));
    else terms.push(startsWith(orders.searchPhone, digits), startsWith(orders.searchPhoneReversed, reversed(digits)));
  }
  // Only a whole PIN: fewer digits name no one area.
  const pincode = pincodeKey(text);
  if (/^\d{6}$/.test(pincode)) terms.push(eq(orders.searchPincode, pincode));
  // The city by either of its names ("Bangalore" for Bengaluru).
  if (/\p{L}/u.test(text)) {
    const key = nameKey(text);
    terms.push(
      startsWith(orders.searchName, key),
      startsWith(orders.searchSurname, key),
      ...cityPrefixes(key).map((city) => startsWith(orders.searchCity, city)),
    );
  }
  if (/^\S+$/.test(text.trim()) && /[\p{L}@]/u.test(text)) terms.push(startsWith(orders.searchEmail, emailKey(text)));
  return terms;
}

/** Byte-wise, every string starting with `prefix` sorts between these two. */
const startsWith = (column: Column, prefix: string): SQL => and(gte(column, prefix), lt(column, `${prefix}\uffff`))!;

/** The seller's note on an order, signed with the seller's e-mail; an unknown order is a 404 and writes nothing. */
export async function addOrderNote(db: Database, author: string, { orderId, note }: { orderId: string; note: string }) {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  await db.insert(orderNotes).values({ orderId, note, author, createdAt: Date.now() });
}

export const sellerOrder = (db: Database, rawOrderId: unknown) => foundOrder(rawOrderId, (orderId) => anyOrder(db, orderId));

export const anyOrder = (db: Database, orderId: string) =>
  db.query.orders.findMany({ where: eq(orders.id, orderId), with: { items: true, refunds: true }, limit: 1 });
