/**
 * The cart as both sides see it: product id → quantity. Pure helpers shared by the page (its
 * optimistic cart, ~/lib/cart) and the server.
 */
export type CartItems = Record<string, number>;
/** Product id → offer price in paise, of the cart's products on sale (what the cart bar adds up). */
export type CartPrices = Record<string, number>;

/**
 * What a cart change says, with or without JavaScript: the spec's toasts, its "Remove From Cart"
 * (which reads as a command) put as what happened.
 */
export const CART_CHANGED = { added: "Added To Cart", removed: "Removed From Cart", updated: "Cart Updated" } as const;

export const MAX_LINE_QUANTITY = 99;
/** At or below this counted stock a product page says how many are left (the catalogue's version follows such counts: migration 0022). */
export const LOW_STOCK_SHOWN = 5;
export const MAX_CART_LINES = 100;
/** Product ids are UUIDs or seed slugs. */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * How many of a product the cart may still hold: its counted stock, or null when the store does not
 * count it (or it is not on sale, which the cart flags on its own). The cart page's − qty + stops
 * there, and a line holding more (the stock fell since it was added) blocks Place Order until the
 * shopper changes it: the order would be refused anyway (409, ADR 005).
 */
export function stockLimit(line: { available: boolean; product: { stock: number | null } | null }): number | null {
  return line.available && line.product ? line.product.stock : null;
}

/** The line holds more than is left: it must change before Place Order. */
export function overStock(line: { available: boolean; product: { stock: number | null } | null }, quantity: number): boolean {
  const left = stockLimit(line);
  return left !== null && quantity > left;
}

export function cartCount(cart: CartItems): number {
  return Object.values(cart).reduce((sum, qty) => sum + qty, 0);
}

export function withQuantity(cart: CartItems, productId: string, quantity: number): CartItems {
  const next = { ...cart };
  if (quantity <= 0) delete next[productId];
  else next[productId] = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
  return next;
}

export function withAdded(cart: CartItems, productId: string): CartItems {
  return withQuantity(cart, productId, (cart[productId] ?? 0) + 1);
}

export function withRemoved(cart: CartItems, productId: string): CartItems {
  return withQuantity(cart, productId, (cart[productId] ?? 0) - 1);
}

/** Options for the quantity select: 1-9, or up to the current quantity if it is larger. */
export function quantityOptions(current: number): number[] {
  return Array.from({ length: Math.max(9, current) }, (_, i) => i + 1);
}
