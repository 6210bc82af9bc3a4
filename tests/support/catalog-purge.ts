import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";

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

/** The KV key of the catalogue version the edge cache keys on (ADR 024). */
export const CATALOG_VERSION_KEY = "catalog:version";

/** Every catalogue version written to KV from now on, in order (the spy records each write and lets it through; restore with vi.restoreAllMocks). */
export function recordVersionWrites(): number[] {
  const written: number[] = [];
  const put = env.SESSIONS.put.bind(env.SESSIONS);
  vi.spyOn(env.SESSIONS, "put").mockImplementation((key, value, options) => {
    if (key === CATALOG_VERSION_KEY) written.push(Number(value));
    return put(key, value, options);
  });
  return written;
}
