import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

// Apart from root.tsx: a route module imported by other modules is split into two files.

export function useShopperState() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Undefined only in the root's error page. */
export function useStorefront() {
  return useShopperState()?.store;
}

export function useDeliveryTo() {
  return useShopperState()?.delivery;
}
