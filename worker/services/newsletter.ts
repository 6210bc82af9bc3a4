import { isNotNull } from "drizzle-orm";
import { NEWSLETTER_NOTICE } from "@shared/accounts";
import type { Database } from "@worker/db/client";
import { newsletterSubscribers } from "@worker/db/schema";
import { parseInput } from "@worker/errors";
import { subscribeInput } from "@worker/validation/account";

/** Subscribe an address once, keeping the notice it agreed to; subscribing again is harmless and says so, unless it had withdrawn. */
export async function subscribe(db: Database, input: unknown): Promise<{ created: boolean; msg: string }> {
  const { email } = parseInput(subscribeInput, input);
  const consent = { createdAt: Date.now(), wording: NEWSLETTER_NOTICE, withdrawnAt: null };
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, ...consent })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set: consent, setWhere: isNotNull(newsletterSubscribers.withdrawnAt) })
    .returning({ email: newsletterSubscribers.email });
  return inserted.length > 0
    ? { created: true, msg: "Subscribed! Watch your inbox for our best deals." }
    : { created: false, msg: "You are already subscribed." };
}
