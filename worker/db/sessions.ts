/**
 * D1 read replication through the Sessions API (ADR 040). A request's queries all go through one
 * D1 session, so they read from a replica at least as new as the session's starting point, and
 * the session's bookmark after the request says how new a later request must read to see its
 * writes. Which starting point a request gets is decided in one place: worker/web/read-your-writes.ts.
 *
 * drizzle is built once per binding (worker/db/client.ts), so it talks to a routed client: each
 * statement is prepared on the session of the request that runs it, found through
 * AsyncLocalStorage, or on the binding itself outside a request (queue consumers, tests, scripts).
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Target = D1Database | D1DatabaseSession;

const requestSession = new AsyncLocalStorage<{ binding: D1Database; session: D1DatabaseSession }>();

/** Run `work` with every query on `binding` going through one session that starts at `start`; returns its result and the session's last bookmark. */
export async function inSession<T>(
  binding: D1Database,
  start: D1SessionConstraint | D1SessionBookmark,
  work: () => Promise<T>,
): Promise<{ result: T; bookmark: D1SessionBookmark | null }> {
  const session = binding.withSession(start);
  const result = await requestSession.run({ binding, session }, work);
  return { result, bookmark: session.getBookmark() };
}

function targetOf(binding: D1Database): Target {
  const current = requestSession.getStore();
  return current?.binding === binding ? current.session : binding;
}

/** A statement drizzle may keep across requests: it becomes a real one on the running request's session only when it runs. */
class RoutedStatement {
  constructor(
    private readonly binding: D1Database,
    private readonly sql: string,
    private readonly params: unknown[] = [],
  ) {}

  bind(...params: unknown[]): RoutedStatement {
    return new RoutedStatement(this.binding, this.sql, params);
  }

  /** The statement on `target` (the request's session, unless given). */
  on(target: Target = targetOf(this.binding)): D1PreparedStatement {
    return target.prepare(this.sql).bind(...this.params);
  }

  first<T>(column?: string) {
    return column === undefined ? this.on().first<T>() : this.on().first<T>(column);
  }
  all<T>() {
    return this.on().all<T>();
  }
  raw<T>() {
    return this.on().raw<T>();
  }
  run<T>() {
    return this.on().run<T>();
  }
}

/** What drizzle gets instead of the binding: `prepare` and `batch`, the only parts of D1 it uses. */
export function routedClient(binding: D1Database): D1Database {
  const client = {
    prepare: (sql: string) => new RoutedStatement(binding, sql),
    batch: (statements: RoutedStatement[]) => {
      const target = targetOf(binding);
      return target.batch(statements.map((statement) => statement.on(target)));
    },
  };
  // drizzle's D1 driver types its client as the binding; it calls nothing else on it.
  return client as unknown as D1Database;
}
