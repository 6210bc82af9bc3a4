import { z } from "zod";
import { CATEGORY_PATHS, findCategory } from "@shared/categories";
import { MAX_IMAGES } from "@shared/product-images";
import { restoreCell } from "@worker/csv";
import { wholeNumberIn } from "./common";
import { productInput } from "./product";
import { DEFAULT_GST_RATE } from "@shared/gst";

const cell = z.string().transform(restoreCell);
const cells = <K extends string>(...columns: K[]) => Object.fromEntries(columns.map((column) => [column, cell])) as Record<K, typeof cell>;

/** A products CSV row (ADR 038): an empty `id` adds a product; through `productInput`, so it stores nothing the form refuses. */
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
    ...cells("price", "offer_price", "stock", "weight", "description", "country_of_origin", "manufacturer", "best_before", "gst_rate", "hsn", "max_per_order"),
    images: cell
      .transform((list) => list.split(/\s+/).filter(Boolean))
      .pipe(z.array(z.string()).max(MAX_IMAGES, `A product has at most ${MAX_IMAGES} pictures`)),
  })
  .transform(({ id, images, offer_price, category, country_of_origin, best_before, gst_rate, max_per_order, ...cells }, ctx) => {
    const named = {
      ...{ category: findCategory(category)!.path, offerPrice: offer_price, countryOfOrigin: country_of_origin, shelfLife: best_before },
      maxPerOrder: max_per_order,
      gstRate: gst_rate.trim() || DEFAULT_GST_RATE / 100,
    };
    const fields = productInput.safeParse({ ...cells, ...named });
    if (!fields.success) {
      for (const issue of fields.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }
    return { id: id || null, images, fields: fields.data };
  });

/** The export's query: the cursor from the previous page's `Link` header. */
export const exportQuery = z.object({
  cursor: z.string().max(200, "That is not an export cursor").optional(),
  /** A numbered part (the no-JavaScript download, ADR 045): a file of its own, with the header. */
  part: wholeNumberIn(1, 10_000, "The part must be a whole number from 1").optional(),
});
