import { z } from "zod";
import { CATEGORY_PATHS } from "@shared/categories";
import { MAX_IMAGES } from "@shared/product-images";
import { MAX_LINE_QUANTITY } from "@shared/cart";
import { decimal, MAX_GST_PERCENT, percentField, requiredNumber, rupeeAmount, strictFields, wholeNumberIn } from "./common";
import { searchTextField } from "./search";

export const MAX_PRICE_RUPEES = 100_000;

const rupees = (label: string) => requiredNumber(rupeeAmount(label, MAX_PRICE_RUPEES), `Enter the ${label.toLowerCase()}`);

/** One bullet per line (the form) or a list of lines (the API). */
const descriptionField = z
  .union([z.string(), z.array(z.string())], { error: "Description must be text" })
  .optional()
  .transform((value) => (Array.isArray(value) ? value : (value ?? "").split("\n")).map((line) => line.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(300, "Keep each description line to 300 characters or fewer")).max(20, "At most 20 description lines"));

export const MAX_STOCK_COUNT = 1_000_000;
const MAX_PER_ORDER_RULE = `The most per order is a whole number from 1 to ${MAX_LINE_QUANTITY}, or empty for no limit`;

const stockNumber = (missing: string) =>
  decimal(
    z.number({ error: missing }).int("Stock must be a whole number").min(0, "Stock cannot be negative").max(MAX_STOCK_COUNT, "Stock can be at most 10,00,000"),
  );

/** Empty or null: not counted. */
const stockField = z.preprocess((value) => (value === "" ? null : value), stockNumber("Stock must be a number").nullable());

/** A declaration (ADR 071): empty is none; absent keeps the stored one, so a client that does not know it loses nothing. */
const declarationField = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `Keep the ${label.toLowerCase()} under ${max} characters`)
    .nullable()
    .optional()
    .transform((text) => (text === undefined ? undefined : text || null));

/** The Add/Edit forms' and the API's `productData`. */
export const productInput = strictFields({
  name: z.string({ error: "Enter the product name" }).trim().min(1, "Enter the product name").max(120, "Keep the name under 120 characters"),
  description: descriptionField,
  category: z.enum(CATEGORY_PATHS, { error: "Choose one of the store's categories" }),
  price: rupees("Price"),
  offerPrice: rupees("Offer price"),
  weight: z
    .string()
    .trim()
    .max(40, "Keep the weight under 40 characters")
    .optional()
    .transform((w) => w || null),
  countryOfOrigin: declarationField("Country of origin", 60),
  manufacturer: declarationField("Manufacturer or packer", 300),
  shelfLife: declarationField("Best before", 100),
  // The invoice's (ADR 073); absent keeps the stored one, as with the declarations.
  gstRate: percentField("The GST rate", MAX_GST_PERCENT).optional(),
  hsn: declarationField("HSN code", 8).refine((hsn) => !hsn || /^(\d{4}|\d{6}|\d{8})$/.test(hsn), "The HSN code has 4, 6 or 8 digits, such as 0803"),
  stock: stockField.optional().transform((s) => s ?? null),
  // Empty or null: no limit; absent keeps the stored one.
  maxPerOrder: z.preprocess((value) => (value === "" ? null : value), wholeNumberIn(1, MAX_LINE_QUANTITY, MAX_PER_ORDER_RULE).nullable()).optional(),
  // The count the form showed: with it, a save changes the count only if orders have not moved it since.
  stockSeen: stockField.optional(),
}).refine((p) => p.offerPrice <= p.price, { message: "Offer price cannot be above the price", path: ["offerPrice"] });

export type ProductInput = z.infer<typeof productInput>;

const productIdInput = z.string({ error: "Unknown product" }).min(1, "Unknown product").max(64, "Unknown product");
export const stockToggleInput = z.strictObject({ id: productIdInput, inStock: z.boolean({ error: "inStock must be true or false" }) });
export const productRefInput = z.strictObject({ id: productIdInput });

export const MAX_PAGE_SIZE = 100;

export const productListQuery = z.object({
  limit: wholeNumberIn(1, MAX_PAGE_SIZE, `limit must be a number from 1 to ${MAX_PAGE_SIZE}`).optional(),
  cursor: z.string().max(200, "Unknown cursor: start from the first page").optional(),
  category: z.string().max(50, "Unknown category").optional(),
  search: searchTextField.optional(),
  inStock: z.enum(["true", "false"], { error: "inStock must be true or false" }).optional(),
});

/** A page of the list is 20. */
export const MAX_BULK_PRODUCTS = 100;

const bulkIds = z
  .array(productIdInput, { error: "Select the products to change" })
  .min(1, "Select at least one product")
  .max(MAX_BULK_PRODUCTS, `Select at most ${MAX_BULK_PRODUCTS} products at a time`)
  .transform((ids) => [...new Set(ids)]);

const stockCount = requiredNumber(stockNumber("Stock must be a number"), "Enter the stock count");

/** The bulk form's and `POST /api/product/bulk-stock`'s stock change. */
export const bulkStockInput = z.discriminatedUnion(
  "set",
  [
    z.strictObject({ ids: bulkIds, set: z.literal("in-stock") }),
    z.strictObject({ ids: bulkIds, set: z.literal("out-of-stock") }),
    z.strictObject({ ids: bulkIds, set: z.literal("count"), count: stockCount }),
  ],
  { error: "Choose in stock, out of stock or a stock count" },
);
export type BulkStockInput = z.infer<typeof bulkStockInput>;

export const sellerProductFormInput = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("stock"), id: productIdInput, inStock: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete"), id: productIdInput }),
]);

/** The product form's `position<i>`: where slot i's picture goes. */
export const imagePositionField = wholeNumberIn(1, MAX_IMAGES, "Choose each picture's position from the list");
