import type { Database } from "@worker/db/client";
import { newsletterSubscribers } from "@worker/db/schema";
import { parseInput } from "@worker/errors";
import { subscribeInput } from "@worker/validation/account";

/** Subscribe an address once; subscribing again is harmless and says so. */
export async function subscribe(db: Database, input: unknown): Promise<{ created: boolean; msg: string }> {
  const { email } = parseInput(subscribeInput, input);
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, createdAt: Date.now() })
    .onConflictDoNothing()
    .returning({ email: newsletterSubscribers.email });
  return inserted.length > 0
    ? { created: true, msg: "Subscribed! Watch your inbox for our best deals." }
    : { created: false, msg: "You are already subscribed." };
}
