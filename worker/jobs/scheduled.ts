// Cron Triggers (ADR 066); `wrangler dev` fires none, so scripts/start.ts and scripts/dev.ts ask for runs.
import { getDb } from "@worker/db/client";
import { WINDOW_LIMITS } from "@worker/security/limits";
import { forgetEndedWindows } from "@worker/security/window-count";
import { askForDueRefunds } from "@worker/payments/refunds";
import { eraseInactiveAccounts } from "@worker/services/personal-data";
import { releaseUnpaidCardOrders } from "./release-unpaid-card-orders";

export { EVERY_MINUTE } from "./schedule";

const LONGEST_WINDOW_MS = Math.max(...Object.values(WINDOW_LIMITS).map((limit) => limit.windowMs));

export async function runScheduledJobs(controller: ScheduledController, env: Env): Promise<void> {
  const store = { db: getDb(env), env };
  const now = controller.scheduledTime;
  // Each job on its own: one failing does not keep the other from running; the run still fails, for the operator.
  const results = await Promise.allSettled([
    releaseUnpaidCardOrders(store, now),
    forgetEndedWindows(store.db, now - LONGEST_WINDOW_MS),
    askForDueRefunds(store, now),
    eraseInactiveAccounts(store, now),
  ]);
  const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  if (failures.length > 0) throw new AggregateError(failures, "A scheduled job failed");
}
