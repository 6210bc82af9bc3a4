/**
 * The printable papers of an order: the invoice (shopper and seller) and the seller's packing slip.
 * Laid out GST-style: the store's legal name and address, the invoice number and date, bill-to and
 * ship-to, place of supply, the lines as bought, the tax as it was charged, the total in words.
 */
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

/** Whose invoice: the shopper's own order only, or any order for the seller. */
export type InvoiceReader = { shopperId: string } | { seller: true };

/**
 * Who issues the invoice: the legal name, the registered address line by line, the GSTIN if any, as
 * the order recorded them when it was placed (an issued invoice does not change with the settings).
 */
export function invoiceStoreDetails(contact: StoreContact) {
  return {
    legalName: contact.legalName,
    addressLines: contact.office.split("\n"),
    gstin: contact.gstin,
    email: contact.email,
    phone: contact.phone,
  };
}

/**
 * The order and the store settings in one D1 round trip (ADR 011). The order names the store as it
 * was when it was placed; an order placed before it did so is named by the settings row itself, not
 * this isolate's minute-old copy (ADR 028): an invoice is a legal paper.
 */
export async function invoiceData(db: Database, reader: InvoiceReader, rawOrderId: unknown) {
  const parsed = orderIdField.safeParse(rawOrderId);
  if (!parsed.success) throw notFound(ORDER_NOT_FOUND);
  const orderQuery = "shopperId" in reader ? ownedOrder(db, reader.shopperId, parsed.data) : anyOrder(db, parsed.data);
  const [[order], settings] = await db.batch([orderQuery, storeSettingsQuery(db)]);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return {
    // Orders placed before the store's details were recorded on them print today's.
    store: invoiceStoreDetails(order.storeContact ?? toStoreSettings(settings).contact),
    invoiceNumber: `INV-${orderNumber(order.id)}`,
    placeOfSupply: order.address.state,
    amountInWords: amountInWords(order.amountPaise),
    order: toOrderView(order),
  };
}
export type InvoiceData = Awaited<ReturnType<typeof invoiceData>>;
