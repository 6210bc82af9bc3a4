import type { Database } from "@worker/db/client";

export type ApiEnv = { Bindings: Env; Variables: { db: Database } };
