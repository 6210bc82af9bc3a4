// The store's event queue (ADR 041); a branch Preview has no queue binding (ADR 025) and consumes inline.
import type { Database } from "@worker/db/client";
import { storeEventInput, type StoreEvent } from "@worker/validation/events";
import { consumeStoreEvent } from "./consume";

/** The change it follows is committed already, so failing to send is logged, not thrown. */
export async function publishStoreEvent(store: { db: Database; env: Partial<Pick<Env, "STORE_EVENTS">> }, message: StoreEvent): Promise<void> {
  try {
    if (store.env.STORE_EVENTS) await store.env.STORE_EVENTS.send(message, { contentType: "json" });
    else await consumeStoreEvent(store.db, message);
  } catch (error) {
    console.error("Could not publish a store event", message.kind, error);
  }
}

export const retryDelaySeconds = (attempts: number) => Math.min(2 ** attempts, 300);

export async function consumeStoreEvents(batch: MessageBatch<unknown>, db: Database): Promise<void> {
  for (const message of batch.messages) {
    const parsed = storeEventInput.safeParse(message.body);
    if (!parsed.success) {
      console.error("Dropping a malformed store event", message.id);
      message.ack();
      continue;
    }
    try {
      await consumeStoreEvent(db, parsed.data);
      message.ack();
    } catch (error) {
      console.error("Store event failed; retrying", parsed.data.kind, message.id, `attempt ${message.attempts}`, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
