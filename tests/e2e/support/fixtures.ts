/**
 * The journeys' `test` and `expect`: Playwright's, with the fixtures the journeys share. Every spec
 * imports them from here.
 *
 * - `shopper`: a fresh shopper account, signed in in the test's own `page` (created through the
 *   API, in that page's cookie jar). `address`: one saved delivery address of that shopper.
 * - `sellerPage`: a page in a browser context of its own, signed in as the seller with the session
 *   seller.setup.ts saved (seller login is limited to 10 a minute per IP, so it happens once a run).
 *   `sellerRequest`: the same session for raw HTTP.
 * - `catalogueChanges`: for a journey that adds products. Such journeys are tagged `@catalogue` and
 *   run in the `catalogue` project, one at a time (playwright.config.ts): announce each product
 *   with `added(name)` and it is deleted when the test ends, passed or not.
 *
 * Journeys outside the `catalogue` project run alongside it, so they must not depend on what a
 * catalogue journey adds: those add products with names no other journey searches for, in
 * categories no other journey counts (not Fruits, not Dairy), and listings are in creation order,
 * so the seeded products stay first. A journey that needs exactly the seeded catalogue on sale
 * (ssr.spec.ts counts all 35) is tagged `@catalogue` too.
 *
 * Each test is its own client address (`CF-Connecting-IP`, which the store keys its per-IP rate
 * limits on): without it every journey shares one bucket, and the newsletter's five sign-ups a
 * minute ran out when two journeys that subscribe happened to run together.
 */
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { addAddressByApi, newAddress, newShopper, registerByApi, SELLER_STATE, type Address, type Shopper } from "./accounts";
import { trackCartSaves } from "./app";

export type CatalogueChanges = {
  /** Announce a product this test adds (by its exact name): it is deleted when the test ends. */
  added(name: string): void;
};

type Fixtures = {
  shopper: Shopper;
  address: Address;
  sellerPage: Page;
  sellerRequest: APIRequestContext;
  catalogueChanges: CatalogueChanges;
};

/** The tag of the journeys the `catalogue` project runs one at a time. */
export const CATALOGUE_TAG = "@catalogue";
/** The tag of the journeys that change what every cart charges: the `store-wide` project runs them after all others. */
export const STORE_WIDE_TAG = "@store-wide";

/** Delete the seller's products with exactly this name (through the seller's JSON API). */
async function deleteProductsNamed(seller: APIRequestContext, origin: string, name: string) {
  const list = await seller.get(`/api/product/seller-list?search=${encodeURIComponent(name)}&limit=100`);
  expect(list.ok(), `listing ${name} to clean up: ${list.status()}`).toBe(true);
  const { products } = (await list.json()) as { products: { _id: string; name: string }[] };
  for (const product of products.filter((p) => p.name === name)) {
    const response = await seller.post("/api/product/delete", { data: { id: product._id }, headers: { Origin: origin } });
    expect(response.ok(), `deleting ${name}: ${response.status()} ${await response.text()}`).toBe(true);
  }
}

/** React's words for a page whose server HTML and first browser render disagree (minified in production: #418, #423, #425). */
const HYDRATION_ERROR = /Minified React error #(418|423|425)|Hydration failed|did not match/;

/**
 * Fails the test if the page reports a hydration mismatch, as an uncaught error or on the console:
 * the page then throws its server HTML away and renders again in the browser, and no assertion
 * about what is on screen would notice.
 */
async function withoutHydrationErrors(page: Page, use: (page: Page) => Promise<void>) {
  const errors: string[] = [];
  page.on("pageerror", (error) => {
    if (HYDRATION_ERROR.test(String(error))) errors.push(`${page.url()}: ${error}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error" && HYDRATION_ERROR.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
  });
  await use(page);
  expect(errors, "hydration errors").toEqual([]);
}

/** A documentation-range (RFC 5737) address of this test's own, stable across its contexts and requests. */
function clientAddressOf(testInfo: TestInfo): string {
  let hash = 0;
  for (const char of `${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return `203.0.${(hash >>> 8) & 255}.${hash & 255}`;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    trackCartSaves(page);
    await withoutHydrationErrors(page, use);
  },

  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": clientAddressOf(testInfo) });
  },

  shopper: async ({ page }, use, testInfo) => {
    const shopper = newShopper(testInfo);
    await registerByApi(page, shopper);
    await use(shopper);
  },

  address: async ({ page, shopper }, use) => {
    const address = newAddress(shopper);
    await addAddressByApi(page, address);
    await use(address);
  },

  sellerPage: async ({ browser }, use) => {
    const context = await browser.newContext({ storageState: SELLER_STATE });
    await withoutHydrationErrors(await context.newPage(), use);
    await context.close();
  },

  sellerRequest: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL, storageState: SELLER_STATE });
    await use(request);
    await request.dispose();
  },

  catalogueChanges: async ({ sellerRequest, baseURL }, use, testInfo) => {
    // Outside the catalogue project, another journey could be counting the products meanwhile.
    if (!testInfo.tags.includes(CATALOGUE_TAG)) throw new Error(`A test that changes the catalogue must be tagged ${CATALOGUE_TAG}`);
    const names: string[] = [];
    try {
      await use({ added: (name) => void names.push(name) });
    } finally {
      for (const name of names) await deleteProductsNamed(sellerRequest, new URL(baseURL!).origin, name);
    }
  },
});

export { expect };
