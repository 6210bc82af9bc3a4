/**
 * The delivery area's rules (ADR 029): a pincode is express (the store lists it, with its minutes),
 * standard (elsewhere in the store's state: the settings' window of business days) or not served
 * (outside the state). The top bar's chip, the cart's addresses and the checkout all ask here, so
 * what a shopper is promised and what the checkout accepts cannot disagree.
 */
import type { DeliveryPromise } from "@shared/delivery";
import { canonicalState } from "@shared/indian-states";
import { conflict } from "@worker/errors";
import { statesOfPincode } from "./pincode-regions";
import type { StoreSettings } from "./store-settings";

type Area = Pick<StoreSettings, "state" | "expressPincodes" | "standardMinDays" | "standardMaxDays">;

/**
 * The promise for a pincode; with an address's state too, both must be the store's (an address
 * whose PIN is in the state but which names another state is not sent out on a guess).
 */
export function deliveryPromise(area: Area, pincode: string, addressState?: string): DeliveryPromise {
  const inState = statesOfPincode(pincode).includes(area.state) && (addressState === undefined || canonicalState(addressState) === area.state);
  if (!inState) return { kind: "unserved" };
  const express = area.expressPincodes.find((entry) => entry.pincode === pincode);
  if (express) return { kind: "express", etaMinutes: express.etaMinutes };
  return { kind: "standard", minDays: area.standardMinDays, maxDays: area.standardMaxDays };
}

/** The checkout's check: an address outside the area is refused (409) before anything is written. */
export function assertDeliverable(area: Area, address: { zipCode: string; state: string }): DeliveryPromise {
  const promise = deliveryPromise(area, address.zipCode, address.state);
  if (promise.kind === "unserved") {
    throw conflict(`We don't deliver to ${address.zipCode} yet: we deliver only within ${area.state}. Please choose another address.`);
  }
  return promise;
}
