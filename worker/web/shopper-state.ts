/**
 * Who is shopping: the session's shopper and their cart. React Router's root middleware
 * (`shopperMiddleware`) gives every request one lazy lookup in its context, so the root loader,
 * the page's loader and an action share one KV read and one user row, and a request that never
 * asks (a client navigation whose loaders don't need the shopper) pays nothing.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { CartItems, CartPrices } from "@shared/cart";
import { CART_COOKIE, parseCart } from "./cart-cookie";
import { readCookie } from "@shared/cookies";
import type { Database } from "@worker/db/client";
import type { User } from "@worker/db/schema";
import { shopperForPages } from "@worker/services/accounts";
import { cartPrices } from "@worker/services/cart";
import { fromContext } from "./context";
import { readSession } from "./session";

export type ShopperState = {
  user: { id: string; name: string; email: string } | null;
  cart: CartItems;
  /** Offer prices of the cart's products on sale: the phone's cart bar shows the total from the first HTML. */
  prices: CartPrices;
};

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
  // The account, its delivery address and its cart's prices in one round trip (ADR 011).
  const account = once(async () => {
    const id = await userId();
    return id ? shopperForPages(deps.db, id) : null;
  });
  const user = once(async () => (await account())?.user ?? null);
  const deliveryAddress = once(async () => (await account())?.deliveryAddress ?? null);
  const state = once(async (): Promise<ShopperState> => {
    const found = await account();
    if (!found) {
      const cart = guestCart(request);
      return { user: null, cart, prices: await cartPrices(deps.db, cart) };
    }
    const { user, prices } = found;
    return { user: { id: user.id, name: user.name, email: user.email }, cart: user.cartItems, prices };
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
