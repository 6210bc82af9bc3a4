/**
 * Helpers of the order journeys (orders.spec.ts, seller-orders.spec.ts): placing an order through
 * the API for a test's own set-up, a delivery name no other journey uses (for the seller's search),
 * the order page's and the seller's order cards, and the refresh interval the pages poll on.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { addAddressByApi, newAddress, type Address, type Shopper } from "./accounts";
import { APPLE } from "./app";

/** How often open order pages refresh (app/lib/use-polling.ts LIVE_REFRESH_MS): journeys move the page clock past it. */
export const LIVE_REFRESH_MS = 15_000;

/** A surname of letters only that no other journey has: the seller's search finds this test's orders alone. */
export function uniqueSurname(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  return `Q${Array.from({ length: 10 }, () => letters[Math.floor(Math.random() * 26)]).join("")}`;
}

/** The store's origin (same-origin JSON writes need it: the CSRF guard). */
export function appOrigin(): string {
  return new URL(test.info().project.use.baseURL!).origin;
}

/**
 * A cash-on-delivery order of the signed-in shopper of `page`, to a new address of theirs
 * (`lastName` makes it findable by the seller's search; `address` changes more of it, such as the
 * city and PIN code). Returns the order id.
 */
export async function placeOrderByApi(
  page: Page,
  shopper: Shopper,
  {
    items = [{ product: APPLE.id, quantity: 1 }],
    lastName,
    address: changes = {},
  }: { items?: { product: string; quantity: number }[]; lastName?: string; address?: Partial<Address> } = {},
): Promise<string> {
  const address = await addAddressByApi(page, newAddress(shopper, { ...(lastName ? { lastName } : {}), ...changes }));
  const response = await page.request.post("/api/order/cod", { data: { items, address }, headers: { Origin: appOrigin() } });
  const body = await response.text();
  expect(response.status(), body).toBe(201);
  return (JSON.parse(body) as { orderId: string }).orderId;
}

/**
 * A card order of the signed-in shopper of `page`, paid on the fake Stripe's hosted page (the web
 * server runs with --fake-stripe: its Pay sends the signed webhook to the store before it answers),
 * as stripe.spec.ts pays through the browser. Returns the order id once the store has it as paid.
 */
export async function placePaidCardOrderByApi(page: Page, shopper: Shopper, { lastName }: { lastName?: string } = {}): Promise<string> {
  const address = await addAddressByApi(page, newAddress(shopper, lastName ? { lastName } : {}));
  const placed = await page.request.post("/api/order/stripe", {
    data: { items: [{ product: APPLE.id, quantity: 1 }], address },
    headers: { Origin: appOrigin() },
  });
  const body = await placed.text();
  expect(placed.status(), body).toBe(201);
  const { url, orderId } = JSON.parse(body) as { url: string; orderId: string };
  const paid = await page.request.post(url, { form: { action: "pay" }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/order/user/${orderId}`)).json()) as { order: { paymentState: string } }).order.paymentState)
    .toBe("paid");
  return orderId;
}

/** The number the shopper's pages and invoices print for an order. */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** The seller moves an order through the JSON API (its own session; `extra`: a cancellation's reason). */
export async function moveBySeller(seller: APIRequestContext, orderId: string, status: string, extra: Record<string, string> = {}) {
  const response = await seller.post("/api/order/status", { data: { orderId, status, ...extra }, headers: { Origin: appOrigin() } });
  expect(response.status(), await response.text()).toBe(200);
}

/** One order's card on the seller's Orders page, named by the order's number as its shopper knows it. */
export function sellerOrderCard(page: Page, orderId: string): Locator {
  return page.getByRole("article", { name: `Order ${orderNumber(orderId)}`, exact: true });
}

/**
 * An invoice's heading, for journeys that run beside the store-settings one, which gives the store
 * a GSTIN for a moment: "Invoice", or "Tax Invoice" while it has one. Which one when is checked
 * there (store-settings.spec.ts), where nothing else changes the settings.
 */
export const INVOICE_TITLE = /^(Tax )?Invoice$/;
