/**
 * Who is shopping: the session's shopper and their cart. React Router's root middleware
 * (`shopperMiddleware`) gives every request one lazy lookup in its context, so the root loader,
 * the page's loader and an action share one KV read and one user row, and a request that never
 * asks (a client navigation whose loaders don't need the shopper) pays nothing.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { CART_COOKIE, parseCart, type CartItems } from "@shared/cart";
import { readCookie } from "@shared/cookies";
import type { Database } from "@worker/db/client";
import type { User } from "@worker/db/schema";
import { accountWithDeliveryAddress } from "@worker/services/addresses";
import { fromContext } from "./context";
import { readSession } from "./session";

export type ShopperState = { user: { id: string; name: string; email: string } | null; cart: CartItems };

export type ShopperLookup = {
  /** The signed-in shopper's id from the session (KV, no D1). */
  userId(): Promise<string | null>;
  /** The signed-in shopper, if the session's account still exists. */
  user(): Promise<User | null>;
  /** Who is shopping and what is in their cart, for the first HTML of every page. */
  state(): Promise<ShopperState>;
  /** The signed-in shopper's default address (PIN and state), read with the account: the top bar's "Deliver to". */
  deliveryAddress(): Promise<{ zipCode: string; state: string } | null>;
};

/** Each part looked up at most once, and only when asked. */
export function lookupShopper(request: Request, deps: { env: Env; db: Database }): ShopperLookup {
  const once = <T>(compute: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= compute());
  };
  const userId = once(async () => (await readSession(request, deps.env, "shopper"))?.userId ?? null);
  // The account and its default address in one round trip: every page's top bar shows both.
  const account = once(async () => {
    const id = await userId();
    return id ? accountWithDeliveryAddress(deps.db, id) : { user: null, deliveryAddress: null };
  });
  const user = once(async () => (await account()).user);
  const deliveryAddress = once(async () => {
    const found = await account();
    return found.user ? found.deliveryAddress : null;
  });
  const state = once(async (): Promise<ShopperState> => {
    const found = await user();
    if (!found) return { user: null, cart: guestCart(request) };
    return { user: { id: found.id, name: found.name, email: found.email }, cart: found.cartItems };
  });
  return { userId, user, state, deliveryAddress };
}

const shopperContext = createContext<ShopperLookup>();

/** The root route's middleware: one shopper lookup for all the loaders and actions of a request. */
export const shopperMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  context.set(shopperContext, lookupShopper(request, fromContext(context)));
};

export function shopperOf(context: Readonly<RouterContextProvider>): ShopperLookup {
  return context.get(shopperContext);
}

/** The guest cart carried by the cart cookie. */
export function guestCart(request: Request): CartItems {
  return parseCart(readCookie(request.headers.get("cookie"), CART_COOKIE));
}
