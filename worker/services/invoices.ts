/** The printable papers of an order (GST-style invoice, packing slip). */
import { amountInWords } from "@shared/money";
import { orderNumber } from "@shared/order-status";
import type { Database } from "@worker/db/client";
import { notFound } from "@worker/errors";
import { orderIdField } from "@worker/validation/order";
import { ORDER_NOT_FOUND, ownedOrder } from "./order-detail";
import { toOrderView } from "./orders";
import { anyOrder } from "./seller-orders";
import type { StoreContact } from "@worker/db/schema";
import { storeSettingsQuery, toStoreSettings } from "./store-settings";

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
  return {
    store: invoiceStoreDetails(order.storeContact ?? toStoreSettings(settings).contact),
    invoiceNumber: `INV-${orderNumber(order.id)}`,
    placeOfSupply: order.address.state,
    amountInWords: amountInWords(order.amountPaise),
    order: toOrderView(order),
  };
}
export type InvoiceData = Awaited<ReturnType<typeof invoiceData>>;
