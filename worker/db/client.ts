import { drizzle } from "drizzle-orm/d1";
import { routedClient } from "./sessions";
import * as schema from "./schema";

const connect = (binding: D1Database) => drizzle(routedClient(binding), { schema });
export type Database = ReturnType<typeof connect>;

/**
 * drizzle builds its relational map of the schema per instance, and prepared queries are kept per
 * instance (ADR 018): one instance per binding, not per request. Each query still goes to the
 * request's D1 session (worker/db/sessions.ts), resolved when it runs.
 */
const instances = new WeakMap<D1Database, Database>();

export function getDb(env: Pick<Env, "DB">): Database {
  let db = instances.get(env.DB);
  if (!db) {
    db = connect(env.DB);
    instances.set(env.DB, db);
  }
  return db;
}
