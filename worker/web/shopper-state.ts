// Who is shopping, looked up lazily once per request (`shopperMiddleware`): loaders and action share one KV read and one user row; unasked, it costs nothing.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { CartItems, CartPrices } from "@shared/cart";
import { CART_COOKIE, parseCart } from "./cart-cookie";
import { readCookie } from "@shared/cookies";
import type { Database } from "@worker/db/client";
import { shopperForPages } from "@worker/services/accounts";
import { guestForPages } from "@worker/services/cart";
import { fromContext } from "./context";
import { readSession } from "./session";

/** `prices`: the phone's cart bar shows the total from the first HTML. */
export type ShopperState = { user: { id: string; name: string; email: string } | null; cart: CartItems; prices: CartPrices };

/** Each part looked up at most once, when asked; the shopper and the settings in one round trip (ADR 011). */
export function lookupShopper(request: Request, deps: { env: Env; db: Database }) {
  const once = <T>(compute: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= compute());
  };
  // From the session (KV, no D1).
  const userId = once(async () => (await readSession(request, deps.env, "shopper"))?.userId ?? null);
  const pages = once(async () => {
    const id = await userId();
    const signedIn = id ? await shopperForPages(deps.db, id) : null;
    if (signedIn?.found) return { ...signedIn.found, settings: signedIn.settings };
    // A guest, or a session whose account is gone: the cart is the cookie's.
    const cart = guestCart(request);
    const guest = signedIn && Object.keys(cart).length === 0 ? { prices: {}, settings: signedIn.settings } : await guestForPages(deps.db, cart);
    return { user: null, deliveryAddress: null, cart, ...guest };
  });
  // Without a session there is no account to read; the default address is the top bar's "Deliver to".
  const user = once(async () => ((await userId()) ? (await pages()).user : null));
  const deliveryAddress = once(async () => ((await userId()) ? (await pages()).deliveryAddress : null));
  const settings = once(async () => (await pages()).settings);
  const state = once(async (): Promise<ShopperState> => {
    const found = await pages();
    if (!found.user) return { user: null, cart: "cart" in found ? found.cart : {}, prices: found.prices };
    const { user, prices } = found;
    return { user: { id: user.id, name: user.name, email: user.email }, cart: user.cartItems, prices };
  });
  return { userId, user, state, deliveryAddress, settings };
}

type ShopperLookup = ReturnType<typeof lookupShopper>;
const shopperContext = createContext<ShopperLookup>();

export const shopperMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  context.set(shopperContext, lookupShopper(request, fromContext(context)));
};

export const shopperOf = (context: Readonly<RouterContextProvider>): ShopperLookup => context.get(shopperContext);

export const guestCart = (request: Request): CartItems => parseCart(readCookie(request.headers.get("cookie"), CART_COOKIE));
