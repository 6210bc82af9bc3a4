import { CART_COOKIE, parseCart, readCookie, type CartItems } from "../../app/lib/cart";
import type { WorkerContext } from "../context";

export type ShopperState = { cart: CartItems };

/** Who is shopping and what is in their cart, for the first HTML of every page. */
export async function readShopperState(request: Request, _worker: WorkerContext): Promise<ShopperState> {
  return { cart: parseCart(readCookie(request.headers.get("cookie"), CART_COOKIE)) };
}
