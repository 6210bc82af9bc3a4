import { laterText } from "./store-hours";

/** The words of a delivery promise; the server decides it (delivery-area.ts), so the browser never gets the PIN table. */
export type DeliveryPromise =
  | { kind: "express"; etaMinutes: number; /** When the store opens, if it is closed now. */ opensAt: number | null }
  | { kind: "standard"; minDays: number; maxDays: number }
  | { kind: "unserved" }
  | { kind: "paused" };

/** "Delivery in 30 min", "Delivery tomorrow by 7:30 am", "Delivery in 2-7 business days", "We don't deliver to 400001 yet". */
export function promiseText(promise: DeliveryPromise, pincode: string, now = Date.now()): string {
  if (promise.kind === "express") {
    return promise.opensAt === null ? `Delivery in ${promise.etaMinutes} min` : `Delivery ${laterText(promise.opensAt + promise.etaMinutes * 60_000, now)}`;
  }
  if (promise.kind === "standard") return `Delivery in ${daysText(promise.minDays, promise.maxDays)}`;
  return promise.kind === "paused" ? "Not taking orders right now" : `We don't deliver to ${pincode} yet`;
}

/** Said in red: no order can be placed. */
export const refusesOrders = (promise: { kind: DeliveryPromise["kind"] } | null | undefined) => promise?.kind === "unserved" || promise?.kind === "paused";

/** "2-7 business days", or "3 business days" when the window is one day wide. */
export function daysText(minDays: number, maxDays: number): string {
  const unit = maxDays === 1 ? "business day" : "business days";
  return minDays === maxDays ? `${minDays} ${unit}` : `${minDays}-${maxDays} ${unit}`;
}

export type PromiseView = { kind: DeliveryPromise["kind"]; text: string };

export const viewPromise = (promise: DeliveryPromise, pincode: string): PromiseView => ({ kind: promise.kind, text: promiseText(promise, pincode) });

type ExpressTimes = { fastestExpressMinutes: number | null; slowestExpressMinutes: number | null };
/** "30 minutes", or "20-45 minutes" when they differ (the fastest alone would promise it everywhere). */
export function expressTimeText(store: ExpressTimes): string | null {
  const { fastestExpressMinutes: fastest, slowestExpressMinutes: slowest } = store;
  if (fastest === null) return null;
  return slowest === null || slowest === fastest ? `${fastest} minutes` : `${fastest}-${slowest} minutes`;
}

/** The store's promise in one sentence, from the settings. */
export function storePromiseSentence(store: ExpressTimes & { state: string; standardMinDays: number; standardMaxDays: number }): string {
  const [days, express] = [daysText(store.standardMinDays, store.standardMaxDays), expressTimeText(store)];
  return express === null ? `Delivered in ${days} anywhere in ${store.state}.` : `In ${express} in our express areas, ${days} anywhere else in ${store.state}.`;
}
