import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { D1Migration } from "@cloudflare/vitest-plugin";
import { beforeEach } from "vitest";
import { getDb } from "@worker/db/client";
import { storeSettings } from "@worker/db/schema";
import { TEST_STORE_SETTINGS } from "./settings";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

// Setup files run before each test file; applyD1Migrations skips what is already applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Every test starts from empty tables (children before parents for the foreign keys), a store open around the clock and an empty bucket.
const TABLES = [
  "notifications",
  "order_notes",
  "credit_notes",
  "refunds",
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
  "invoice_series",
];
beforeEach(async () => {
  await env.DB.batch([
    ...TABLES.map((table) => env.DB.prepare(`DELETE FROM ${table}`)),
    // No test sees another's cached catalogue.
    env.DB.prepare("UPDATE catalog_version SET version = version + 1"),
  ]);
  await getDb(env)
    .insert(storeSettings)
    .values({ id: 1, ...TEST_STORE_SETTINGS, updatedAt: 0 });
  const stored = await env.IMAGES.list();
  if (stored.objects.length > 0) await env.IMAGES.delete(stored.objects.map((o) => o.key));
});
