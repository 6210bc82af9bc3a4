/**
 * The printable papers of an order: the invoice (shopper and seller) and the seller's packing slip.
 * Laid out GST-style: the store's legal name and address, the invoice number and date, bill-to and
 * ship-to, place of supply, the lines as bought, the tax as it was charged, the total in words.
 */
import { amountInWords } from "@shared/money";
import { orderNumber } from "@shared/order-status";
import { STORE_DETAILS, type StoreDetails } from "@shared/store-details";
import type { Database } from "@worker/db/client";
import { shopperOrder } from "./order-detail";
import { toOrderView } from "./orders";
import { sellerOrder } from "./seller-orders";

/**
 * The seller's details on every invoice: today the contact page's (shared/store-details.ts). When
 * the store settings hold them, this is the one line to change.
 */
export function invoiceStoreDetails(): StoreDetails {
  return STORE_DETAILS;
}

/** Whose invoice: the shopper's own order only, or any order for the seller. */
export type InvoiceReader = { shopperId: string } | { seller: true };

export async function invoiceData(db: Database, reader: InvoiceReader, rawOrderId: unknown) {
  const order = "shopperId" in reader ? await shopperOrder(db, reader.shopperId, rawOrderId) : await sellerOrder(db, rawOrderId);
  return {
    store: invoiceStoreDetails(),
    invoiceNumber: `INV-${orderNumber(order.id)}`,
    placeOfSupply: order.address.state,
    amountInWords: amountInWords(order.amountPaise),
    order: toOrderView(order),
  };
}
export type InvoiceData = Awaited<ReturnType<typeof invoiceData>>;
