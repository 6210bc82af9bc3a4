/** The cart as both sides see it: product id → quantity. */
export type CartItems = Record<string, number>;
/** Product id → offer price in paise, of the cart's products on sale. */
export type CartPrices = Record<string, number>;

/** The spec's toasts, its "Remove From Cart" put as what happened. */
export const CART_CHANGED = { added: "Added To Cart", removed: "Removed From Cart", updated: "Cart Updated" } as const;

export const MAX_LINE_QUANTITY = 99;
/** At or below this counted stock a product page says how many are left (migration 0022). */
export const LOW_STOCK_SHOWN = 5;
export const MAX_CART_LINES = 100;
/** Product ids are UUIDs or seed slugs. */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

type Limits = { stock: number | null; maxPerOrder: number | null };
/** The most one order may hold: the counted stock and the seller's limit per order, within MAX_LINE_QUANTITY. */
export const mostPerOrder = ({ stock, maxPerOrder }: Limits): number =>
  Math.min(MAX_LINE_QUANTITY, stock ?? MAX_LINE_QUANTITY, maxPerOrder ?? MAX_LINE_QUANTITY);
/** The count left, not a limit per order (the seller's, or the 99 of MAX_LINE_QUANTITY), is what stops a +: its reason is worded so. */
export const stockBinds = ({ stock, maxPerOrder }: Limits): boolean =>
  stock !== null && (maxPerOrder === null ? stock <= MAX_LINE_QUANTITY : stock < maxPerOrder);

type OrderableLine = { available: boolean; product: Limits | null };
/** The most a line may hold, or null when it cannot be ordered. A line holding more blocks Place Order (ADR 005). */
export const lineLimit = (line: OrderableLine): number | null => (line.available && line.product ? mostPerOrder(line.product) : null);

export const overLimit = (line: OrderableLine, quantity: number): boolean => quantity > (lineLimit(line) ?? Infinity);

export const cartCount = (cart: CartItems): number => Object.values(cart).reduce((sum, qty) => sum + qty, 0);

export function withQuantity(cart: CartItems, productId: string, quantity: number): CartItems {
  const next = { ...cart };
  if (quantity <= 0) delete next[productId];
  else next[productId] = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
  return next;
}

export const withAdded = (cart: CartItems, productId: string): CartItems => withQuantity(cart, productId, (cart[productId] ?? 0) + 1);

export const withRemoved = (cart: CartItems, productId: string): CartItems => withQuantity(cart, productId, (cart[productId] ?? 0) - 1);
