/**
 * The catalogue as CSV (the columns of shared/product-csv.ts), a page per request:
 * each answer reads one page of products along products_seller_idx (creation order, keyset
 * cursor) and names the next, so every request costs the same whatever the size of the catalogue
 * (the CPU budget, ADR 023), and the pages put together in order are the whole file: the first
 * starts with the header, the others hold only lines. The product list's Export button fetches
 * them one after the other into one download (ADR 038).
 */
import { absoluteImageUrl } from "@shared/images";
import { paiseToRupees } from "@shared/money";
import { csvLine } from "@worker/csv";
import type { Database } from "@worker/db/client";
import type { Product } from "@worker/db/schema";
import { CSV_COLUMNS, type CsvColumn } from "@shared/product-csv";
import { listProducts } from "./catalog";

/** Products per page: 50,000 products are 100 requests of a few milliseconds each. */
export const EXPORT_PAGE_SIZE = 500;

/** One product's cells, column by column. */
export function csvCells(product: Product, storeOrigin: string): Record<CsvColumn, string> {
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    price: String(paiseToRupees(product.pricePaise)),
    offer_price: String(paiseToRupees(product.offerPricePaise)),
    stock: product.stock === null ? "" : String(product.stock),
    weight: product.weight ?? "",
    description: product.description.join("\n"),
    images: product.images.map((key) => absoluteImageUrl(key, storeOrigin)).join(" "),
    in_stock: product.inStock ? "yes" : "no",
  };
}

export type ExportPage = { csv: string; nextCursor: string | null };

/**
 * One page of the export, oldest products first. The first page (no cursor) starts with a byte
 * order mark (so Excel reads ₹ and Hindi names as UTF-8) and the header line.
 */
export async function exportCataloguePage(db: Database, storeOrigin: string, cursor?: string): Promise<ExportPage> {
  const page = await listProducts(db, { stock: "any", limit: EXPORT_PAGE_SIZE, cursor });
  const lines = page.products.map((product) => {
    const cells = csvCells(product, storeOrigin);
    return csvLine(CSV_COLUMNS.map((column) => cells[column]));
  });
  return { csv: `${cursor ? "" : `\uFEFF${csvLine(CSV_COLUMNS)}`}${lines.join("")}`, nextCursor: page.nextCursor };
}

/** The download's file name: the store's products on that day (UTC). */
export function exportFileName(now = new Date()): string {
  return `products-${now.toISOString().slice(0, 10)}.csv`;
}
