import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { D1Migration } from "@cloudflare/vitest-plugin";
import { beforeEach } from "vitest";
import { purgeCatalogCache } from "@worker/edge-cache";
import { forgetPageSettings } from "@worker/services/store-settings";
import { resetCatalogPurge } from "./catalog-purge";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

// Setup files run before each test file; applyD1Migrations skips what is already applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Every test starts from empty tables (children before parents for the foreign keys) and an empty bucket.
const TABLES = [
  "notifications",
  "order_items",
  "orders",
  "addresses",
  "users",
  "products",
  "demo_seeded",
  "stripe_events",
  "newsletter_subscribers",
  "store_settings",
  "sales_days",
  "product_sales_days",
  "brake_counts",
];
beforeEach(async () => {
  await purgeCatalogCache(env); // no test sees another's cached catalogue
  await resetCatalogPurge(); // nor waits out the coalescer's second after another's purge (ADR 024)
  await env.DB.batch(TABLES.map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
  forgetPageSettings(); // the store's default settings again, not a copy another test saved
  const stored = await env.IMAGES.list();
  if (stored.objects.length > 0) await env.IMAGES.delete(stored.objects.map((o) => o.key));
});
