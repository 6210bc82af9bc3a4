import { z } from "zod";

/** `pages.xml` or `products-N.xml` (no leading zeros: one name per file). */
export const sitemapFileParam = z.union([
  z.literal("pages.xml").transform(() => ({ kind: "pages" as const })),
  z
    .string()
    .regex(/^products-[1-9]\d{0,6}\.xml$/)
    .transform((name) => ({ kind: "products" as const, block: Number(name.slice("products-".length, -".xml".length)) })),
]);
