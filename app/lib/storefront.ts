import type { DeliveryPromise } from "@shared/delivery";
import type { StorefrontSettings } from "@worker/services/store-settings";
import { useShopperState } from "~/root";

/** The store's settings every shopper page may show (the root's data; undefined only in the root's error page). */
export function useStorefront(): StorefrontSettings | undefined {
  return useShopperState()?.store;
}

/** The top bar's "Deliver to": the pincode (default address or checked one) and its promise. */
export function useDeliveryTo(): { pincode: string | null; fromAddress: boolean; promise: DeliveryPromise | null } | undefined {
  return useShopperState()?.delivery;
}
