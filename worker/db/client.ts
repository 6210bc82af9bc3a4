import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const connect = (binding: D1Database) => drizzle(binding, { schema });
export type Database = ReturnType<typeof connect>;

/** drizzle builds its relational map of the schema per instance: one instance per binding, not per request. */
const instances = new WeakMap<D1Database, Database>();

export function getDb(env: Pick<Env, "DB">): Database {
  let db = instances.get(env.DB);
  if (!db) {
    db = connect(env.DB);
    instances.set(env.DB, db);
  }
  return db;
}
