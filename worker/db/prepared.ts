import type { Database } from "./client";

/**
 * A query whose SQL is built once per database handle and kept, its values passed as named
 * placeholders at each run (`sql.placeholder`).
 *
 * Why: drizzle builds a query's SQL again every time it runs. Measured in workerd, that building
 * cost about 0.5 ms of a listing page's CPU (ADR 018), more than rendering ten product cards.
 * Only queries on the shoppers' hot paths are prepared; the rest stay plain drizzle.
 *
 * `key` names the query's shape: one prepared query per distinct SQL text.
 */
export function prepared<Query>(db: Database, key: string, prepare: () => Query): Query {
  let queries = cache.get(db);
  if (!queries) {
    queries = new Map();
    cache.set(db, queries);
  }
  let query = queries.get(key) as Query | undefined;
  if (!query) {
    query = prepare();
    queries.set(key, query);
  }
  return query;
}

// Keyed by the database handle, so a new D1 binding (in tests, say) never sees another's statements.
const cache = new WeakMap<Database, Map<string, unknown>>();
