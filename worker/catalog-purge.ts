/**
 * The one writer of the catalogue version key (ADR 024). KV takes about one write a second per
 * key, and a burst of seller edits or sell-outs would ask for more; so every catalogue change asks
 * this Durable Object instead, and it writes the key at most once per MIN_GAP_MS:
 *
 * - a change after a quiet second is written at once (the caller waits for it, so the seller's
 *   next page and the tests see the refresh as before);
 * - a change within the second after a write sets an alarm for the end of that second, unless one
 *   is already set; the alarm writes a version stamped after every change it covers, so the last
 *   change always lands, at most a second late.
 *
 * One object for the whole store (idFromName), so every isolate in every location is serialised
 * through it; the Worker never writes the key itself. It answers fetch() rather than RPC so the
 * bundle imports nothing from `cloudflare:workers` (scripts/render-cpu.ts runs it in Node).
 */
import { purgeCatalogCache } from "./edge-cache";

/** KV: "1 write per second" to the same key (https://developers.cloudflare.com/kv/platform/limits/). */
export const MIN_GAP_MS = 1000;
const WRITTEN_AT = "writtenAt";

export class CatalogPurge implements DurableObject {
  constructor(
    private readonly state: DurableObjectState,
    private readonly env: Pick<Env, "SESSIONS">,
  ) {}

  /** A catalogue change happened (any request: the object has no other use). */
  async fetch(): Promise<Response> {
    await this.changed();
    return new Response(null, { status: 204 });
  }

  async alarm(): Promise<void> {
    await this.write();
  }

  private async changed(): Promise<void> {
    // A write is already due, and it will run after this change. (While the alarm itself runs,
    // getAlarm() answers null, so a change during the alarm's KV write schedules the next one.)
    if ((await this.state.storage.getAlarm()) !== null) return;
    const due = ((await this.state.storage.get<number>(WRITTEN_AT)) ?? 0) + MIN_GAP_MS;
    if (Date.now() >= due) await this.write();
    else await this.state.storage.setAlarm(due);
  }

  private async write(): Promise<void> {
    const now = Date.now();
    // Recorded before the KV write, whose await lets the next change in: it must see this write.
    await this.state.storage.put(WRITTEN_AT, now);
    await purgeCatalogCache(this.env, now);
  }
}

/** Ask the store's one coalescer to refresh the cached catalogue. */
export async function requestCatalogPurge(namespace: DurableObjectNamespace): Promise<void> {
  const response = await namespace.get(namespace.idFromName("catalog")).fetch("https://catalog-purge/changed", { method: "POST" });
  if (!response.ok) throw new Error(`catalogue purge answered ${response.status}`);
}
