import { CART_COOKIE, parseCart, type CartItems } from "../../app/lib/cart";
import { readCookie } from "../../app/lib/cookies";
import type { WorkerContext } from "../context";
import type { User } from "../db/schema";
import { readSession } from "../session";
import { findUser } from "./accounts";

export type ShopperState = { user: { id: string; name: string; email: string } | null; cart: CartItems };

/** The signed-in shopper's id from the session (KV, no D1), read once per request. */
export function sessionShopperId(request: Request, worker: Pick<WorkerContext, "env">): Promise<string | null> {
  let id = sessionIds.get(worker);
  if (!id) {
    id = readSession(request, worker.env, "shopper").then((session) => session?.userId ?? null);
    sessionIds.set(worker, id);
  }
  return id;
}
const sessionIds = new WeakMap<object, Promise<string | null>>();

/** The signed-in shopper of a request, if any (a session whose account still exists). */
export async function currentUser(request: Request, worker: Pick<WorkerContext, "env" | "db">): Promise<User | null> {
  const userId = await sessionShopperId(request, worker);
  if (!userId) return null;
  return (await findUser(worker.db, userId)) ?? null;
}

/** The guest cart carried by the cart cookie. */
export function guestCart(request: Request): CartItems {
  return parseCart(readCookie(request.headers.get("cookie"), CART_COOKIE));
}

/** One lookup per request, however many loaders ask (the root's and the page's run side by side). */
const perRequest = new WeakMap<object, Promise<ShopperState>>();

/** Who is shopping and what is in their cart, for the first HTML of every page. */
export function readShopperState(request: Request, worker: Pick<WorkerContext, "env" | "db">): Promise<ShopperState> {
  let state = perRequest.get(worker);
  if (!state) {
    state = (async () => {
      const user = await currentUser(request, worker);
      if (!user) return { user: null, cart: guestCart(request) };
      return { user: { id: user.id, name: user.name, email: user.email }, cart: user.cartItems };
    })();
    perRequest.set(worker, state);
  }
  return state;
}
