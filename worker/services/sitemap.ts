/** The sitemap (ADR 037): an index of the fixed pages and a child per block of product rowids (a primary-key range read); every product, on sale or not. */
import { and, asc, gt, lte, sql } from "drizzle-orm";
import { CATEGORIES } from "@shared/categories";
import { categoryPath, productPath } from "@shared/paths";
import type { Database } from "@worker/db/client";
import { products } from "@worker/db/schema";

/** Far below the protocol's 50,000: the CPU budget (ADR 023). */
export const PRODUCTS_PER_SITEMAP = 1000;

const INFO_PAGES = ["/contact-us", "/privacy-policy", "/terms-and-conditions", "/cancellation-refund", "/shipping-delivery"];
const FIXED_PAGES = ["/", "/products", ...CATEGORIES.map((c) => categoryPath(c.path)), ...INFO_PAGES];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** URLs may carry & and ' from product ids. */
export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&${({ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" } as const)[c as "&"]};`);

const rowid = sql<number>`${products}.rowid`;

export async function sitemapIndex(db: Database, origin: string): Promise<string> {
  const [last] = await db.select({ rowid: sql<number | null>`max(${rowid})` }).from(products);
  const blocks = Math.ceil((last?.rowid ?? 0) / PRODUCTS_PER_SITEMAP);
  const names = ["pages.xml", ...Array.from({ length: blocks }, (_, i) => `products-${i + 1}.xml`)];
  const entries = names.map((name) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${name}`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join("\n")}\n</sitemapindex>\n`;
}

export const pagesSitemap = (origin: string): string => urlset(FIXED_PAGES.map((path) => `<url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`));

export async function productSitemap(db: Database, origin: string, block: number): Promise<string | null> {
  const from = (block - 1) * PRODUCTS_PER_SITEMAP;
  const [rows, [last]] = await db.batch([
    db
      .select({ id: products.id, category: products.category, updatedAt: products.updatedAt })
      .from(products)
      .where(and(gt(rowid, from), lte(rowid, from + PRODUCTS_PER_SITEMAP)))
      .orderBy(asc(rowid)),
    db.select({ rowid: sql<number | null>`max(${rowid})` }).from(products),
  ]);
  if (rows.length === 0 && from >= (last?.rowid ?? 0)) return null;
  return urlset(rows.map((p) => `<url><loc>${escapeXml(origin + productPath(p))}</loc><lastmod>${new Date(p.updatedAt).toISOString()}</lastmod></url>`));
}

const urlset = (urls: string[]): string => `${XML_HEAD}<urlset ${NS}>\n${urls.join("\n")}\n</urlset>\n`;
