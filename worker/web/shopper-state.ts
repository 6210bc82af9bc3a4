import { CART_COOKIE, parseCart, type CartItems } from "@shared/cart";
import { readCookie } from "@shared/cookies";
import type { WorkerContext } from "@worker/web/context";
import type { User } from "@worker/db/schema";
import { readSession } from "@worker/web/session";
import { findUser } from "@worker/services/accounts";

export type ShopperState = { user: { id: string; name: string; email: string } | null; cart: CartItems };

/**
 * A value worked out once per request, however many loaders ask (the root's and the page's run
 * side by side): keyed by the request's worker context, a new object for every request.
 */
function oncePerRequest<T>() {
  const values = new WeakMap<object, Promise<T>>();
  return (worker: object, compute: () => Promise<T>): Promise<T> => {
    let value = values.get(worker);
    if (!value) {
      value = compute();
      values.set(worker, value);
    }
    return value;
  };
}
const sessionIdOf = oncePerRequest<string | null>();
const shopperStateOf = oncePerRequest<ShopperState>();

/** The signed-in shopper's id from the session (KV, no D1). */
export function sessionShopperId(request: Request, worker: Pick<WorkerContext, "env">): Promise<string | null> {
  return sessionIdOf(worker, async () => (await readSession(request, worker.env, "shopper"))?.userId ?? null);
}

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

/** Who is shopping and what is in their cart, for the first HTML of every page (one lookup per request). */
export function readShopperState(request: Request, worker: Pick<WorkerContext, "env" | "db">): Promise<ShopperState> {
  return shopperStateOf(worker, async () => {
    const user = await currentUser(request, worker);
    if (!user) return { user: null, cart: guestCart(request) };
    return { user: { id: user.id, name: user.name, email: user.email }, cart: user.cartItems };
  });
}
