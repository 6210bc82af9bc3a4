import { MAX_CART_LINES, MAX_LINE_QUANTITY, PRODUCT_ID_PATTERN, type CartItems } from "@shared/cart";
import { isServedOverHttps } from "./cookies";

export const CART_COOKIE = "cart";
/** A guest cart is kept for 30 days. */
export const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

/** The guest cart cookie, HttpOnly (only the server reads and writes it); an empty cart clears it. */
export function cartCookie(request: Request, env: Pick<Env, "APP_URL">, items: CartItems): string {
  const value = serializeCart(items);
  const secure = isServedOverHttps(request, env) ? "; Secure" : "";
  return `${CART_COOKIE}=${value}; Path=/; Max-Age=${value ? CART_COOKIE_MAX_AGE : 0}; SameSite=Lax; HttpOnly${secure}`;
}

/** Empties this device's guest cart (after it was merged into an account, or at logout). */
export function clearedCartCookie(request: Request, env: Pick<Env, "APP_URL">): string {
  return cartCookie(request, env, {});
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
