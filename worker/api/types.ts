import type { Database, Store } from "@worker/db/client";

export type ApiEnv = { Bindings: Env; Variables: { db: Database; store: Store } };
