import { MAX_CART_LINES, MAX_LINE_QUANTITY, PRODUCT_ID_PATTERN, type CartItems } from "@shared/cart";
import { isServedOverHttps } from "./cookies";

export const CART_COOKIE = "cart";
const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

/** HttpOnly; an empty cart clears it. */
export function cartCookie(request: Request, env: Pick<Env, "APP_URL">, items: CartItems): string {
  const value = serializeCart(items);
  return `${CART_COOKIE}=${value}; Path=/; Max-Age=${value ? CART_COOKIE_MAX_AGE : 0}; SameSite=Lax; HttpOnly${isServedOverHttps(request, env) ? "; Secure" : ""}`;
}

/** "id:qty,id:qty", URI-encoded; anything malformed is dropped when read. */
export const serializeCart = (cart: CartItems): string => encodeURIComponent(Array.from(Object.entries(cart), ([id, qty]) => `${id}:${qty}`).join(","));

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
    if (id && PRODUCT_ID_PATTERN.test(id) && Number.isInteger(qty) && qty >= 1 && qty <= MAX_LINE_QUANTITY) cart[id] = qty;
  }
  return { ...cart };
}
