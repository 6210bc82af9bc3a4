/**
 * Who the store is, as the contact page and the invoices print it. The one place these details
 * live until the store settings hold them.
 */
export const STORE_DETAILS = {
  legalName: "GreenBasket Retail Pvt. Ltd.",
  addressLines: ["12 Market Road", "Bengaluru, Karnataka 560001", "India"],
  /** Place of supply on invoices. */
  state: "Karnataka",
  email: "support@greenbasket.example",
  phone: "+91 80000 00000",
  phoneHref: "tel:+918000000000",
  hours: "every day from 7 am to 11 pm",
} as const;

export type StoreDetails = {
  legalName: string;
  addressLines: readonly string[];
  state: string;
  email: string;
  phone: string;
  phoneHref: string;
  hours: string;
};
