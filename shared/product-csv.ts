/** The products CSV's columns, in the export's order. */
export const CSV_COLUMNS = [
  ...["id", "name", "category", "price", "offer_price", "stock", "weight", "description", "images"],
  ...["country_of_origin", "manufacturer", "best_before", "gst_rate", "hsn", "max_per_order", "in_stock"],
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** An import needs these; an update keeps the product's value for the others. */
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = ["name", "category", "price", "offer_price"];
// in_stock is exported for reading only: being on sale follows the count and the seller's switch (ADR 019).

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
