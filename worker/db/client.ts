import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** drizzle on the request's D1 (its session, worker/web/read-your-writes.ts), or on the binding itself outside a request. */
export const getDb = (env: Pick<Env, "DB">) => drizzle(env.DB, { schema });

export type Database = ReturnType<typeof getDb>;

export type Store = { db: Database; env: Env };
