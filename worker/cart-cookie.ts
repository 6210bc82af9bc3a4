import { CART_COOKIE, CART_COOKIE_MAX_AGE, serializeCart, type CartItems } from "../app/lib/cart";

/** The guest cart cookie (readable by the page's script, which keeps it up to date). */
export function cartCookie(request: Request, items: CartItems): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${CART_COOKIE}=${serializeCart(items)}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/** Empties this device's guest cart (after it was merged into an account, or at logout). */
export function clearedCartCookie(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
