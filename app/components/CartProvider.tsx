import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CART_CHANGED, cartCookieString, cartCount, serializeCart, withAdded, withQuantity, withRemoved, type CartItems, type CartPrices } from "@shared/cart";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";

type CartApi = {
  items: CartItems;
  count: number;
  /** Offer prices of the cart's products on sale, as far as this page knows them (the cart bar adds them up). */
  prices: CartPrices;
  /** Each change resolves once it is saved (at once for a guest's cookie). `unitPricePaise`: what it costs, for the cart bar. */
  add(productId: string, unitPricePaise?: number): Promise<void>;
  /** One fewer (the line goes at zero). */
  remove(productId: string): Promise<void>;
  /** The whole line. */
  removeLine(productId: string): Promise<void>;
  setQuantity(productId: string, quantity: number): Promise<void>;
  clear(): void;
};

const CartContext = createContext<CartApi | null>(null);

/**
 * The cart in the browser. It starts from what the server rendered (so the first HTML already
 * shows the right count) and keeps every change: a guest's cart in a cookie the server can read,
 * a signed-in shopper's cart on the server through `persistRemote`.
 */
export function CartProvider({
  initial,
  initialPrices,
  persistRemote,
  children,
}: {
  initial: CartItems;
  initialPrices: CartPrices;
  persistRemote?: (items: CartItems) => Promise<void>;
  children: ReactNode;
}) {
  const [items, setItems] = useState(initial);
  const [prices, setPrices] = useState(initialPrices);
  const [serverCart, setServerCart] = useState(initial);
  const [adoptedCart, setAdoptedCart] = useState(initial);
  const lastSaved = useRef(serializeCart(initial));
  // Local changes made so far, and the saves still on their way to the server.
  const [changes, setChanges] = useState({ made: 0, saving: 0 });
  // Where the changes stood when the page last began reading its data again (a navigation, a
  // revalidation, a fetcher's loaders): an answer carries the cart as it was then.
  const loading = useIsLoadingData();
  const [wasLoading, setWasLoading] = useState(loading);
  const [asked, setAsked] = useState({ made: 0, clean: true });
  if (loading !== wasLoading) {
    setWasLoading(loading);
    if (loading) setAsked({ made: changes.made, clean: changes.saving === 0 });
  }

  // Whenever the server answers again (after an action: an order placed, a login merge), its cart
  // wins, unless it was asked for before the last change here was saved: it would undo that change
  // (the change is saved, so the next answer agrees). Adjusted while rendering, not in an effect,
  // so the stale cart never paints.
  if (initial !== serverCart) {
    setServerCart(initial);
    if (changes.saving === 0 && asked.clean && asked.made === changes.made) {
      setAdoptedCart(initial);
      setItems(initial);
      setPrices(initialPrices);
    }
  }
  useEffect(() => {
    lastSaved.current = serializeCart(adoptedCart);
  }, [adoptedCart]);

  const update = useCallback(
    async (next: CartItems, message: string) => {
      setItems(next);
      const key = serializeCart(next);
      if (key === lastSaved.current) return;
      lastSaved.current = key;
      toast.success(message);
      if (!persistRemote) {
        writeCartCookie(next);
        return setChanges((c) => ({ ...c, made: c.made + 1 }));
      }
      setChanges((c) => ({ made: c.made + 1, saving: c.saving + 1 }));
      await persistRemote(next)
        .catch((error: unknown) => {
          toast.error(error instanceof Error ? error.message : "Could not save your cart");
        })
        .finally(() => setChanges((c) => ({ ...c, saving: c.saving - 1 })));
    },
    [persistRemote],
  );

  const api = useMemo<CartApi>(
    () => ({
      items,
      count: cartCount(items),
      prices,
      add: (id, unitPricePaise) => {
        if (unitPricePaise !== undefined && prices[id] !== unitPricePaise) setPrices({ ...prices, [id]: unitPricePaise });
        return update(withAdded(items, id), CART_CHANGED.added);
      },
      remove: (id) => update(withRemoved(items, id), CART_CHANGED.removed),
      removeLine: (id) => update(withQuantity(items, id, 0), CART_CHANGED.removed),
      setQuantity: (id, quantity) => update(withQuantity(items, id, quantity), CART_CHANGED.updated),
      clear: () => {
        setItems({});
        lastSaved.current = "";
        writeCartCookie({});
        setChanges((c) => ({ ...c, made: c.made + 1 }));
      },
    }),
    [items, prices, update],
  );

  return <CartContext value={api}>{children}</CartContext>;
}

export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart must be used inside <CartProvider>");
  return cart;
}

/** Whether the page is reading route data from the server: a navigation's, a revalidation's or a fetcher's loaders. */
function useIsLoadingData(): boolean {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const fetchers = useFetchers();
  return navigation.state === "loading" || revalidator.state === "loading" || fetchers.some((f) => f.state === "loading");
}

function writeCartCookie(items: CartItems) {
  document.cookie = cartCookieString(items, location.protocol === "https:");
}
