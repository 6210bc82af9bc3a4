import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

// Apart from root.tsx: a route module imported by other modules is split into two files.

export const useShopperState = () => useRouteLoaderData<typeof loader>("root");

/** Undefined only in the root's error page. */
export const useStorefront = () => useShopperState()?.store;

export const useDeliveryTo = () => useShopperState()?.delivery;
