/**
 * The products CSV's shape, shared by the import page (which explains it) and the server (which
 * reads and writes it: worker/validation/product-csv.ts, worker/services/catalogue-*.ts).
 */

/** The columns, in the order the export writes them. */
export const CSV_COLUMNS = ["id", "name", "category", "price", "offer_price", "stock", "weight", "description", "images", "in_stock"] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** An import needs these; the others may be left out (an update then keeps the product's value). */
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = ["name", "category", "price", "offer_price"];
// in_stock is written by the export for reading only, and ignored by the import: whether a
// product is on sale follows its count and the seller's switch (ADR 019).

/** The largest file an import takes (the page's upload and the API's body alike). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
