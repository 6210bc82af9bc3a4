import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";

/** The store's one catalogue-version writer (worker/catalog-purge.ts). */
export function catalogPurgeStub(): DurableObjectStub {
  return env.CATALOG_PURGE.get(env.CATALOG_PURGE.idFromName("catalog"));
}

/** The coalescer forgets its last write and any write it had scheduled. */
export async function resetCatalogPurge(): Promise<void> {
  await runInDurableObject(catalogPurgeStub(), async (_instance, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
}

/**
 * Run the coalescer's scheduled write now, as if the rest of its second had passed. A test that
 * changes the catalogue twice within a second and then reads as an anonymous visitor calls this
 * before reading; tests/worker/catalog-purge.test.ts waits the real second instead.
 */
export async function flushCatalogPurge(): Promise<void> {
  await runDurableObjectAlarm(catalogPurgeStub());
}
