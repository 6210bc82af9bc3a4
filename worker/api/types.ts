import type { Database } from "@worker/db/client";

/** What every /api handler sees: the Worker bindings and a per-request database handle. */
export type ApiEnv = {
  Bindings: Env;
  Variables: { db: Database };
};
