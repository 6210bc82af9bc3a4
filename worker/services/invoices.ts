/** The printable papers of an order (GST-style invoice, packing slip). */
import { amountInWords } from "@shared/money";
import { orderNumber } from "@shared/order-status";
import { and, asc, eq, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { financialYear, gstCredit, gstInvoice, taxInside } from "@shared/gst";
import { gstStateCode } from "@shared/indian-states";
import type { Database } from "@worker/db/client";
import { creditNotes, invoiceSeries, orders, refunds } from "@worker/db/schema";
import { notFound } from "@worker/errors";
import { orderIdField } from "@worker/validation/order";
import { ORDER_NOT_FOUND, ownedOrder } from "./order-detail";
import { toOrderView, type OrderWithItems } from "./orders";
import { anyOrder } from "./seller-orders";
import { storeSettingsQuery, toStoreSettings } from "./store-settings";

/** The year's next invoice number, in the batch that packs the order: the invoice goes in the bag (ADR 073). */
export function issueInvoice(db: Database, orderId: string, now: number) {
  const series = `INV/${financialYear(now)}`;
  const due = and(eq(orders.id, orderId), isNull(orders.invoiceNo), eq(orders.status, "Packed"));
  return [
    db
      .insert(invoiceSeries)
      .select(
        db
          .select({ id: sql<string>`${series}`.as("id"), last: sql<number>`1`.as("last") })
          .from(orders)
          .where(due),
      )
      .onConflictDoUpdate({ target: invoiceSeries.id, set: { last: sql`${invoiceSeries.last} + 1` } }),
    db
      .update(orders)
      .set({ invoiceNo: sql`printf('%s/%06d', ${series}, (SELECT last FROM invoice_series WHERE id = ${series}))`, invoicedAt: now })
      .where(due),
  ] as const;
}

/** Rule 53's serial: the year's next, counted in the statement that issues the notes (`k`: the note's place among them). */
function creditNumber(now: number, k: SQL) {
  const series = `CN/${financialYear(now)}/`;
  return sql<string>`printf('%s%06d', ${series}, (SELECT count(*) FROM credit_notes WHERE number BETWEEN ${series} AND ${`${series}999999`}) + ${k})`.as(
    "number",
  );
}
// Spelled out: in a one-table select's columns drizzle drops the table's name, which the subquery would not see as the order's.
const CREDITED = sql`(SELECT coalesce(sum(amount_paise), 0) FROM credit_notes WHERE order_id = orders.id)`;

/** A note for each refund Stripe made of an invoiced order still on: run when either becomes true (ADR 075). */
export const creditRefunds = (db: Database, orderId: SQL | string, now: number) =>
  db.insert(creditNotes).select(
    db
      .select({
        number: creditNumber(now, sql`row_number() OVER (ORDER BY ${refunds.createdAt}, ${refunds.id})`),
        orderId: refunds.orderId,
        refundId: refunds.id,
        amountPaise: refunds.amountPaise,
        reason: refunds.reason,
        issuedAt: sql<number>`${now}`.as("issued_at"),
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        and(
          eq(refunds.orderId, orderId),
          eq(refunds.status, "succeeded"),
          isNotNull(orders.invoiceNo),
          ne(orders.status, "Cancelled"),
          sql`NOT EXISTS (SELECT 1 FROM credit_notes WHERE refund_id = ${refunds.id})`,
        ),
      ),
  );

/** A cancelled invoiced order: one note for what its invoice still holds; its refunds then take none. */
export const creditCancellation = (db: Database, orderId: string, now: number) =>
  db.insert(creditNotes).select(
    db
      .select({
        number: creditNumber(now, sql`1`),
        orderId: orders.id,
        refundId: sql<null>`NULL`.as("refund_id"),
        amountPaise: sql<number>`${orders.amountPaise} - ${CREDITED}`.as("amount_paise"),
        reason: sql<string>`'Order cancelled: ' || coalesce(${orders.cancelReason}, '')`.as("reason"),
        issuedAt: sql<number>`${now}`.as("issued_at"),
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, "Cancelled"), isNotNull(orders.invoiceNo), sql`${orders.amountPaise} > ${CREDITED}`)),
  );

/** One round trip; an order from before stores were recorded on orders reads the settings row, not a cached copy (ADR 028). */
export async function invoiceData(db: Database, reader: { shopperId: string } | { seller: true }, rawOrderId: unknown) {
  const parsed = orderIdField.safeParse(rawOrderId);
  if (!parsed.success) throw notFound(ORDER_NOT_FOUND);
  const orderQuery = "shopperId" in reader ? ownedOrder(db, reader.shopperId, parsed.data) : anyOrder(db, parsed.data);
  const notesQuery = db.select().from(creditNotes).where(eq(creditNotes.orderId, parsed.data)).orderBy(asc(creditNotes.number));
  const [[order], settings, notes] = await db.batch([orderQuery, storeSettingsQuery(db), notesQuery]);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  // Who issues the invoice, as the order recorded it: an issued invoice does not change with the settings.
  const contact = order.storeContact ?? toStoreSettings(settings).contact;
  const store = { legalName: contact.legalName, addressLines: contact.office.split("\n"), gstin: contact.gstin, email: contact.email, phone: contact.phone };
  const stateCode = gstStateCode(order.address.state);
  const gst = store.gstin ? gstLines(order, store.gstin.slice(0, 2) === stateCode) : null;
  // The tax a note takes back: per rate, as the invoice's rows had it; in the 2% mode, its one tax line.
  const taxBack = (amount: number) =>
    gst
      ? { sameState: gst.sameState, rows: gstCredit(gst.rows, amount, gst.sameState) }
      : order.taxBasisPoints > 0
        ? { sameState: false, rows: [{ rate: order.taxBasisPoints, amount, ...taxInside(amount, order.taxBasisPoints, false) }] }
        : null;
  return {
    store,
    // Orders packed before the series existed kept their order number's; one not packed yet has none.
    invoiceNumber: order.invoiceNo ?? (order.statusHistory.some(({ status }) => status === "Packed") ? `INV-${orderNumber(order.id)}` : null),
    invoicedAt: order.invoicedAt,
    placeOfSupply: stateCode ? `${order.address.state} (${stateCode})` : order.address.state,
    amountInWords: amountInWords(order.amountPaise),
    gst,
    creditNotes: notes.map((note) => ({ ...note, amountInWords: amountInWords(note.amountPaise), tax: taxBack(note.amountPaise) })),
    order: toOrderView(order),
  };
}

/** Rule 46's per-line tax, for an order whose prices included GST (nothing added at checkout) and whose lines kept their rates. */
function gstLines(order: OrderWithItems, sameState: boolean) {
  if (order.taxBasisPoints > 0 || order.items.some((item) => item.gstRate === null)) return null;
  const items = order.items.map(({ name, hsn, quantity, unitPricePaise, gstRate }) => ({
    name,
    hsn,
    quantity,
    amount: unitPricePaise * quantity,
    rate: gstRate!,
  }));
  const fees = [
    { name: "Delivery fee", amount: order.deliveryFeePaise },
    { name: "Small-cart fee", amount: order.smallCartFeePaise },
  ];
  return { sameState, ...gstInvoice(items, fees, sameState) };
}
export type InvoiceData = Awaited<ReturnType<typeof invoiceData>>;
