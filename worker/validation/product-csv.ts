import { z } from "zod";
import { CATEGORY_PATHS, findCategory } from "@shared/categories";
import { MAX_IMAGES } from "@shared/product-images";
import { restoreCell } from "@worker/csv";
import { decimal } from "./common";
import { productInput } from "./product";

const cell = z.string().transform(restoreCell);

/**
 * One row of a products CSV, by column name (cells as text), shared by the import page and the
 * API. `id` empty adds a product, otherwise it names the product to update. `description` is
 * one line per point; `images` lists the store's own picture addresses, separated by spaces (they
 * are never fetched: see worker/services/catalogue-import.ts). The product's fields are checked by
 * the same schema as the Add/Edit form (`productInput`), so an import can store nothing the form
 * would refuse.
 */
export const productCsvRow = z
  .object({
    id: cell.pipe(z.string().trim().max(64, "An id has at most 64 characters")),
    name: cell,
    category: cell.pipe(
      z
        .string()
        .trim()
        .refine((path) => findCategory(path) !== undefined, {
          error: (issue) => `Unknown category “${String(issue.input)}” (use one of ${CATEGORY_PATHS.join(", ")})`,
        }),
    ),
    price: cell,
    offer_price: cell,
    stock: cell,
    weight: cell,
    description: cell,
    images: cell
      .transform((list) => list.split(/\s+/).filter(Boolean))
      .pipe(z.array(z.string()).max(MAX_IMAGES, `A product has at most ${MAX_IMAGES} pictures`)),
  })
  .transform(({ id, images, offer_price, category, ...cells }, ctx) => {
    const fields = productInput.safeParse({ ...cells, category: findCategory(category)!.path, offerPrice: offer_price });
    if (!fields.success) {
      for (const issue of fields.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }
    return { id: id || null, images, fields: fields.data };
  });
export type ProductCsvRow = z.infer<typeof productCsvRow>;

/** The export's query: the cursor of the next page (from the previous page's `Link` header). */
export const exportQuery = z.object({
  cursor: z.string().max(200, "That is not an export cursor").optional(),
  /** A numbered part (the no-JavaScript download, ADR 045): the page comes as a file of its own, with the header. */
  part: decimal(
    z
      .number({ error: "The part must be a whole number from 1" })
      .int("The part must be a whole number from 1")
      .min(1, "The part must be a whole number from 1")
      .max(10_000, "The part must be a whole number from 1"),
  ).optional(),
});
