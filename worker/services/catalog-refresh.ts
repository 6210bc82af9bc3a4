/**
 * When anonymous visitors' cached catalogue (worker/edge-cache.ts, ADR 009) is refreshed, and by
 * whom (ADR 019): after a seller's write that changed a product, and after an order or a
 * cancellation that put a product on or off sale. Nothing else bumps the catalogue version: each
 * bump is a KV write, which is billed, limited to about one a second per key, and shared with the
 * sessions; a burst of them is coalesced by worker/catalog-purge.ts (ADR 024). Only the domain
 * services call this, once their change is committed.
 */
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { requestCatalogPurge } from "@worker/catalog-purge";
import { retryCatalogPurge } from "@worker/events/queue";
import type { Database } from "@worker/db/client";
import { products } from "@worker/db/schema";

/** The binding a catalogue refresh uses: the coalescer that writes the version key (ADR 024). */
export type CatalogEnv = Pick<Env, "CATALOG_PURGE"> & Partial<Pick<Env, "STORE_EVENTS">>;

/** What a service needs to change the catalogue and refresh what visitors see. */
export type CatalogStore = { db: Database; env: CatalogEnv };

/**
 * Refresh the cached catalogue, through the coalescer that keeps the version key within KV's write
 * rate. Asked at once, so the seller's next page and the next shopper see the change. The change
 * itself is already committed, so a failed refresh is not thrown but retried through the event
 * queue (ADR 041); meanwhile visitors see the old copy for at most its minute of freshness, and
 * the database still refuses to sell what is not on sale.
 */
export async function catalogChanged(env: CatalogEnv): Promise<void> {
  try {
    await requestCatalogPurge(env.CATALOG_PURGE);
  } catch (error) {
    console.error("Could not refresh the cached catalogue; retrying through the event queue", error);
    await retryCatalogPurge(env);
  }
}

/**
 * Run `statements` as one D1 batch (one transaction) between two reads of these products'
 * availability, and refresh the cached catalogue if any went on or off sale (the schema's
 * triggers decide that from the count). Returns the statements' own results.
 */
export async function batchWatchingAvailability(
  { db, env }: CatalogStore,
  productIds: string[],
  statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
): Promise<unknown[]> {
  // Nothing counted to watch (an order of uncounted products, most Stripe events): the batch alone.
  if (productIds.length === 0) return db.batch(statements);
  const availability = () =>
    db
      .select({ id: products.id, inStock: products.inStock })
      .from(products)
      .where(sql`${products.id} IN (SELECT value FROM json_each(${JSON.stringify(productIds)}))`)
      .orderBy(products.id);
  const [before, ...results] = (await db.batch([availability(), ...statements, availability()])) as unknown[];
  const after = results.pop();
  if (JSON.stringify(before) !== JSON.stringify(after)) await catalogChanged(env);
  return results;
}
