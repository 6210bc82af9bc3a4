import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { D1Migration } from "@cloudflare/vitest-plugin";
import { beforeEach } from "vitest";

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
  const stored = await env.IMAGES.list();
  if (stored.objects.length > 0) await env.IMAGES.delete(stored.objects.map((o) => o.key));
});
