import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

// These hooks live apart from root.tsx so that a page using them imports this small module, not the
// root route's own module: a route module imported by other modules is split into two files.

/** Data every page may read: who is signed in, what is in the cart, the store's settings and the "Deliver to". */
export function useShopperState() {
  return useRouteLoaderData<typeof loader>("root");
}

/** The store's settings every shopper page may show (undefined only in the root's error page). */
export function useStorefront() {
  return useShopperState()?.store;
}

/** The top bar's "Deliver to": the pincode (default address or checked one) and its promise, worded. */
export function useDeliveryTo() {
  return useShopperState()?.delivery;
}
