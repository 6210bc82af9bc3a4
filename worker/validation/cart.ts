import { z } from "zod";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, PRODUCT_ID_PATTERN } from "@shared/cart";
import { decimal, refuse } from "./common";

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export const quantityField = z
  .number({ error: "Quantities must be whole numbers" })
  .int("Quantities must be whole numbers")
  .min(1, "Quantities must be at least 1")
  .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} of one product`);

export const productIdField = z
  .string({ error: "Unknown product" })
  .regex(PRODUCT_ID_PATTERN, "Unknown product")
  .refine((id) => !FORBIDDEN_KEYS.has(id), "Unknown product");

export const cartUpdateInput = z.object({
  cartItems: z.unknown().transform((raw, ctx) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return refuse(ctx, "cartItems must be an object");
    // Own keys, "__proto__" included, checked before anything copies them.
    const entries = Object.entries(raw);
    if (entries.length > MAX_CART_LINES) return refuse(ctx, `At most ${MAX_CART_LINES} products in a cart`);
    // Built on a null prototype: no key can ever reach Object.prototype.
    const clean: Record<string, number> = Object.create(null);
    for (const [id, qty] of entries) {
      if (!productIdField.safeParse(id).success) return refuse(ctx, "Unknown product in cart");
      const quantity = quantityField.safeParse(qty);
      if (!quantity.success) return refuse(ctx, quantity.error.issues[0]!.message);
      clean[id] = quantity.data;
    }
    return { ...clean };
  }),
});

/** An order's lines, merged per product before the per-product cap is checked. */
export const orderLinesField = z
  .array(z.object({ product: productIdField, quantity: quantityField }), { error: "items must be a list of products and quantities" })
  .min(1, "Your cart is empty")
  .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} products in one order`)
  .transform((lines, ctx) => {
    const merged = new Map<string, number>();
    for (const { product, quantity } of lines) merged.set(product, (merged.get(product) ?? 0) + quantity);
    if ([...merged.values()].some((quantity) => quantity > MAX_LINE_QUANTITY)) return refuse(ctx, `At most ${MAX_LINE_QUANTITY} of one product`);
    return [...merged].map(([product, quantity]) => ({ product, quantity }));
  });

/** The cart action's form: one more or fewer of a product, or lines set to a quantity (0 removes). */
export const cartFormInput = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["add", "remove"]), lines: z.tuple([z.object({ productId: productIdField })], { error: "Choose one product" }) }),
  z.object({
    intent: z.literal("set"),
    lines: z
      .array(
        z.object({
          productId: productIdField,
          quantity: decimal(
            z
              .number({ error: "Choose a quantity" })
              .int("Choose a whole quantity")
              .min(0, "A quantity cannot be negative")
              .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} of one product`),
          ),
        }),
      )
      .min(1, "Choose a product")
      .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} products in a cart`),
  }),
]);
