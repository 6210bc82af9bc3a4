/** The delivery area's rules (ADR 029): every page and the checkout ask here, so promise and checkout cannot disagree. */
import type { DeliveryPromise } from "@shared/delivery";
import { canonicalState } from "@shared/indian-states";
import { nextOpening } from "@shared/store-hours";
import { conflict } from "@worker/errors";
import { statesOfPincode } from "./pincode-regions";
import type { StoreSettings } from "./store-settings";

type Area = Pick<StoreSettings, "state" | "expressPincodes" | "standardMinDays" | "standardMaxDays" | "openingHours" | "holidays" | "paused">;

/** With an address's state too, both must be the store's: no delivery on a guess. Express waits for the store to open (ADR 076). */
export function deliveryPromise(area: Area, pincode: string, addressState?: string, now = Date.now()): DeliveryPromise {
  const inState = statesOfPincode(pincode).includes(area.state) && (addressState === undefined || canonicalState(addressState) === area.state);
  if (!inState) return { kind: "unserved" };
  const opens = nextOpening(area, now);
  if (opens === null) return { kind: "paused" };
  const express = area.expressPincodes.find((entry) => entry.pincode === pincode);
  if (express) return { kind: "express", etaMinutes: express.etaMinutes, opensAt: opens > now ? opens : null };
  return { kind: "standard", minDays: area.standardMinDays, maxDays: area.standardMaxDays };
}

export function assertDeliverable(area: Area, address: { zipCode: string; state: string }): DeliveryPromise {
  const promise = deliveryPromise(area, address.zipCode, address.state);
  if (promise.kind === "unserved") {
    throw conflict(`We don't deliver to ${address.zipCode} yet: we deliver only within ${area.state}. Please choose another address.`);
  }
  if (promise.kind === "paused") throw conflict("We're not taking orders right now: your cart is kept for when we're back.");
  return promise;
}
