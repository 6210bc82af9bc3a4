// Fixed windows counted in D1 (ADR 065) by the one statement that also decides, so concurrent attempts cannot pass together.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { brakeCounts } from "@worker/db/schema";
import { HttpError } from "@worker/errors";

/** `release` takes the attempt back (a successful login). */
export type WindowSlot = { release: () => Promise<void> };

export async function countInWindow(db: Database, key: string, spec: { limit: number; windowMs: number; msg: string }, now = Date.now()): Promise<WindowSlot> {
  const windowStart = now - (now % spec.windowMs);
  const [counted] = await db
    .insert(brakeCounts)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: brakeCounts.key,
      set: {
        count: sql`CASE WHEN ${brakeCounts.windowStart} = excluded.window_start THEN ${brakeCounts.count} + 1 ELSE 1 END`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: brakeCounts.count });
  if (counted!.count > spec.limit) throw new HttpError(429, spec.msg, { "Retry-After": String(Math.ceil((windowStart + spec.windowMs - now) / 1000)) });
  return {
    release: async () => {
      await db
        .update(brakeCounts)
        .set({ count: sql`${brakeCounts.count} - 1` })
        .where(and(eq(brakeCounts.key, key), eq(brakeCounts.windowStart, windowStart), gt(brakeCounts.count, 0)));
    },
  };
}

/** The scheduled job's clean-up. */
export const forgetEndedWindows = async (db: Database, before: number): Promise<number> =>
  (await db.delete(brakeCounts).where(lt(brakeCounts.windowStart, before)).returning({ key: brakeCounts.key })).length;
