/** The printable papers of an order (GST-style invoice, packing slip). */
import { amountInWords } from "@shared/money";
import { orderNumber } from "@shared/order-status";
import { and, eq, isNull, sql } from "drizzle-orm";
import { financialYear, gstInvoice } from "@shared/gst";
import { gstStateCode } from "@shared/indian-states";
import type { Database } from "@worker/db/client";
import { invoiceSeries, orders } from "@worker/db/schema";
import { notFound } from "@worker/errors";
import { orderIdField } from "@worker/validation/order";
import { ORDER_NOT_FOUND, ownedOrder } from "./order-detail";
import { toOrderView, type OrderWithItems } from "./orders";
import { anyOrder } from "./seller-orders";
import type { StoreContact } from "@worker/db/schema";
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

export type InvoiceReader = { shopperId: string } | { seller: true };

/** Who issues the invoice, as the order recorded it: an issued invoice does not change with the settings. */
export function invoiceStoreDetails(contact: StoreContact) {
  return { legalName: contact.legalName, addressLines: contact.office.split("\n"), gstin: contact.gstin, email: contact.email, phone: contact.phone };
}

/** One round trip; an order from before stores were recorded on orders reads the settings row, not a cached copy (ADR 028). */
export async function invoiceData(db: Database, reader: InvoiceReader, rawOrderId: unknown) {
  const parsed = orderIdField.safeParse(rawOrderId);
  if (!parsed.success) throw notFound(ORDER_NOT_FOUND);
  const orderQuery = "shopperId" in reader ? ownedOrder(db, reader.shopperId, parsed.data) : anyOrder(db, parsed.data);
  const [[order], settings] = await db.batch([orderQuery, storeSettingsQuery(db)]);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const store = invoiceStoreDetails(order.storeContact ?? toStoreSettings(settings).contact);
  const stateCode = gstStateCode(order.address.state);
  return {
    store,
    // Orders packed before the series existed kept their order number's; one not packed yet has none.
    invoiceNumber: order.invoiceNo ?? (order.statusHistory.some(({ status }) => status === "Packed") ? `INV-${orderNumber(order.id)}` : null),
    invoicedAt: order.invoicedAt,
    placeOfSupply: stateCode ? `${order.address.state} (${stateCode})` : order.address.state,
    amountInWords: amountInWords(order.amountPaise),
    gst: store.gstin ? gstLines(order, store.gstin.slice(0, 2) === stateCode) : null,
    order: toOrderView(order),
  };
}

/** Rule 46's per-line tax, for an order whose prices included GST (nothing added at checkout) and whose lines kept their rates. */
function gstLines(order: OrderWithItems, sameState: boolean) {
  if (order.taxBasisPoints > 0 || order.items.some((item) => item.gstRate === null)) return null;
  const items = order.items.map((item) => ({
    name: item.name,
    hsn: item.hsn,
    quantity: item.quantity,
    amount: item.unitPricePaise * item.quantity,
    rate: item.gstRate!,
  }));
  const fees = [
    { name: "Delivery fee", amount: order.deliveryFeePaise },
    { name: "Small-cart fee", amount: order.smallCartFeePaise },
  ];
  return { sameState, ...gstInvoice(items, fees, sameState) };
}
export type InvoiceData = Awaited<ReturnType<typeof invoiceData>>;
