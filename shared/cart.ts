/**
 * The cart as both sides see it: product id → quantity. Pure helpers shared by the browser store,
 * the cookie that carries a guest's cart, and the server's validation.
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
export const MAX_CART_LINES = 100;
/** Product ids are UUIDs or seed slugs. */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const CART_COOKIE = "cart";
/** A guest cart is kept for 30 days. */
export const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

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

/**
 * The guest cart cookie as a Set-Cookie / document.cookie string, written the same way by the
 * server and the page's script (an empty cart clears it). `secure`: the store is served over https.
 */
export function cartCookieString(cart: CartItems, secure: boolean): string {
  const value = serializeCart(cart);
  const attributes = `Path=/; Max-Age=${value ? CART_COOKIE_MAX_AGE : 0}; SameSite=Lax${secure ? "; Secure" : ""}`;
  return `${CART_COOKIE}=${value}; ${attributes}`;
}

/** Cookie form: "id:qty,id:qty", URI-encoded. Anything malformed is dropped, never trusted. */
export function serializeCart(cart: CartItems): string {
  return encodeURIComponent(
    Object.entries(cart)
      .map(([id, qty]) => `${id}:${qty}`)
      .join(","),
  );
}

export function parseCart(text: string | null | undefined): CartItems {
  const cart: CartItems = Object.create(null);
  if (!text) return {};
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return {};
  }
  for (const part of decoded.split(",").slice(0, MAX_CART_LINES)) {
    const [id, qtyText] = part.split(":");
    const qty = Number(qtyText);
    if (id && PRODUCT_ID_PATTERN.test(id) && Number.isInteger(qty) && qty >= 1 && qty <= MAX_LINE_QUANTITY) {
      cart[id] = qty;
    }
  }
  return { ...cart };
}

/** Options for the quantity select: 1-9, or up to the current quantity if it is larger. */
export function quantityOptions(current: number): number[] {
  return Array.from({ length: Math.max(9, current) }, (_, i) => i + 1);
}

/**
 * Where the no-JavaScript cart forms post: /cart applies the change (its `intent` and `productId`
 * fields) and sends the shopper back to `returnTo`.
 */
export function cartFormAction(returnTo: string): string {
  return `/cart?redirectTo=${encodeURIComponent(returnTo)}`;
}
