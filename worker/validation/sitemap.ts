import { z } from "zod";

/** A child sitemap's file name: `pages.xml`, or `products-N.xml` with N from 1 (no leading zeros: one name per file). */
export const sitemapFileParam = z.union([
  z.literal("pages.xml").transform(() => ({ kind: "pages" as const })),
  z
    .string()
    .regex(/^products-[1-9]\d{0,6}\.xml$/)
    .transform((name) => ({ kind: "products" as const, block: Number(name.slice("products-".length, -".xml".length)) })),
]);
