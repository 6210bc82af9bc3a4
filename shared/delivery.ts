/**
 * What the store promises for a pincode, as every page words it (the top bar's chip, the product
 * page, the cart's addresses). The rules that decide it are the server's
 * (worker/services/delivery-area.ts); this module only names and phrases the result, so the
 * browser gets the words and never the PIN table.
 */
export type DeliveryPromise = { kind: "express"; etaMinutes: number } | { kind: "standard"; minDays: number; maxDays: number } | { kind: "unserved" };

/** "Delivery in 30 min", "Delivery in 2-7 business days", "We don't deliver to 400001 yet". */
export function promiseText(promise: DeliveryPromise, pincode: string): string {
  switch (promise.kind) {
    case "express":
      return `Delivery in ${promise.etaMinutes} min`;
    case "standard":
      return `Delivery in ${daysText(promise.minDays, promise.maxDays)}`;
    case "unserved":
      return `We don't deliver to ${pincode} yet`;
  }
}

/**
 * "2-7 business days", or "3 business days" when the window is one day wide. The store's window
 * is set in business days (seller settings), so every place that words it says so.
 */
export function daysText(minDays: number, maxDays: number): string {
  const unit = maxDays === 1 ? "business day" : "business days";
  return minDays === maxDays ? `${minDays} ${unit}` : `${minDays}-${maxDays} ${unit}`;
}

/** A promise as the pages get it from the server: its kind (for its colour) and its words. */
export type PromiseView = { kind: DeliveryPromise["kind"]; text: string };

export function viewPromise(promise: DeliveryPromise, pincode: string): PromiseView {
  return { kind: promise.kind, text: promiseText(promise, pincode) };
}

/** The express areas' times: "30 minutes", or "20-45 minutes" when they differ (the fastest alone would promise it everywhere). */
export function expressTimeText(store: { fastestExpressMinutes: number | null; slowestExpressMinutes: number | null }): string | null {
  const { fastestExpressMinutes: fastest, slowestExpressMinutes: slowest } = store;
  if (fastest === null) return null;
  return slowest === null || slowest === fastest ? `${fastest} minutes` : `${fastest}-${slowest} minutes`;
}

/** The store's promise in one sentence (the home page's hero, the shipping policy): from the settings, never written by hand. */
export function storePromiseSentence(store: {
  state: string;
  fastestExpressMinutes: number | null;
  slowestExpressMinutes: number | null;
  standardMinDays: number;
  standardMaxDays: number;
}): string {
  const standard = `${daysText(store.standardMinDays, store.standardMaxDays)} anywhere else in ${store.state}`;
  const express = expressTimeText(store);
  return express === null
    ? `Delivered in ${daysText(store.standardMinDays, store.standardMaxDays)} anywhere in ${store.state}.`
    : `In ${express} in our express areas, ${standard}.`;
}
