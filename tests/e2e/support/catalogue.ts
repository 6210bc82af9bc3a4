/**
 * Journeys that add products change what every shopper sees, and one journey counts the seeded
 * catalogue exactly (ssr.spec.ts: 35 products after "Load more"). All journeys share one database
 * and run on two workers, so the two kinds take turns:
 *
 * - `catalogueChanges`: for a test that adds products. It holds the catalogue lock for the whole
 *   test, and when the test ends (passed or not) deletes every product it announced with
 *   `added(name)`, so the shop is back to the seeded catalogue.
 * - `seededCatalogue`: for a test that relies on exactly the seeded catalogue being on sale.
 *
 * The lock is a directory (mkdir is atomic across processes) under test-results, which Playwright
 * empties at the start of each run; a lock left by a killed worker goes stale after a minute.
 * Added products should also avoid the categories other journeys count (Fruits, Dairy).
 */
import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { SELLER_STATE } from "./accounts";

const LOCK = join(import.meta.dirname, "..", "..", "..", "test-results", ".locks", "catalogue");
const STALE_MS = 60_000;
/** A test that waits for the lock gets this much longer to run. */
const EXTRA_TIME_MS = 60_000;

async function acquire(): Promise<void> {
  mkdirSync(join(LOCK, ".."), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // Released meanwhile: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

function release() {
  rmSync(LOCK, { recursive: true, force: true });
}

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

export type CatalogueChanges = {
  /** Announce a product this test adds (by its exact name): it is deleted when the test ends. */
  added(name: string): void;
};

export const test = base.extend<{ catalogueChanges: CatalogueChanges; seededCatalogue: void }>({
  catalogueChanges: async ({ playwright, baseURL }, use, testInfo) => {
    testInfo.setTimeout(testInfo.timeout + EXTRA_TIME_MS);
    await acquire();
    const names: string[] = [];
    try {
      await use({ added: (name) => void names.push(name) });
    } finally {
      try {
        if (names.length > 0) {
          const seller = await playwright.request.newContext({ baseURL, storageState: SELLER_STATE });
          for (const name of names) await deleteProductsNamed(seller, new URL(baseURL!).origin, name);
          await seller.dispose();
        }
      } finally {
        release();
      }
    }
  },
  seededCatalogue: async ({}, use, testInfo) => {
    testInfo.setTimeout(testInfo.timeout + EXTRA_TIME_MS);
    await acquire();
    try {
      await use();
    } finally {
      release();
    }
  },
});

export { expect };
