/**
 * A D1 binding whose replica lags, for the read-your-writes tests (ADR 040). Local D1 has one
 * copy of the data, so a stale read cannot happen by itself: this stand-in has two real local D1
 * databases, the primary and a replica, and copies the primary's writes to the replica only when
 * the test calls `catchUp()`.
 *
 * It follows D1's Sessions API: a session that starts "first-unconstrained" reads the replica; one
 * that starts "first-primary" or at a bookmark newer than the replica reads the primary; writes
 * go to the primary; `getBookmark()` is the newest position the session has seen. Positions count
 * the primary's writes ("fake-00000003"). `starts` records every session's starting point.
 */
type Position = number;
type Logged = { sql: string; params: unknown[] }[];

const WRITE = /^\s*(insert|update|delete|replace)\b/i;
const bookmarkOf = (position: Position) => `fake-${String(position).padStart(8, "0")}`;
const positionOf = (bookmark: string): Position => Number(/^fake-(\d{8})$/.exec(bookmark)?.[1] ?? Number.NaN);

export type LaggingD1 = D1Database & {
  /** Apply every write the primary has taken to the replica. */
  catchUp(): Promise<void>;
  /** Each session's starting point, in order: a constraint or a bookmark. */
  starts: string[];
};

export function laggingReplica(primary: D1Database, replica: D1Database): LaggingD1 {
  let primaryAt: Position = 0;
  let replicaAt: Position = 0;
  const pending: Logged[] = [];
  const starts: string[] = [];

  function session(start: D1SessionConstraint | D1SessionBookmark) {
    // The position this session must read at least; the primary for "first-primary" until it has read.
    let seen: Position = start === "first-unconstrained" ? 0 : start === "first-primary" ? Number.POSITIVE_INFINITY : positionOf(start);
    if (Number.isNaN(seen)) throw new Error(`D1_ERROR: invalid bookmark ${start}`);
    const readsFrom = (): [D1Database, Position] => (seen <= replicaAt ? [replica, replicaAt] : [primary, primaryAt]);

    async function execute<T>(statements: { sql: string; params: unknown[] }[], run: (target: D1Database) => Promise<T>): Promise<T> {
      if (statements.some((s) => WRITE.test(s.sql))) {
        const result = await run(primary);
        pending.push(statements);
        primaryAt++;
        seen = primaryAt;
        return result;
      }
      const [target, at] = readsFrom();
      const result = await run(target);
      seen = Number.isFinite(seen) ? Math.max(seen, at) : at;
      return result;
    }

    const statement = (sql: string, params: unknown[] = []) => ({
      sql,
      params,
      bind: (...values: unknown[]) => statement(sql, values),
      on: (target: D1Database) => target.prepare(sql).bind(...params),
      first: (column?: string) =>
        execute([{ sql, params }], (t) =>
          column
            ? t
                .prepare(sql)
                .bind(...params)
                .first(column)
            : t
                .prepare(sql)
                .bind(...params)
                .first(),
        ),
      all: () =>
        execute([{ sql, params }], (t) =>
          t
            .prepare(sql)
            .bind(...params)
            .all(),
        ),
      raw: () =>
        execute([{ sql, params }], (t) =>
          t
            .prepare(sql)
            .bind(...params)
            .raw(),
        ),
      run: () =>
        execute([{ sql, params }], (t) =>
          t
            .prepare(sql)
            .bind(...params)
            .run(),
        ),
    });
    type FakeStatement = ReturnType<typeof statement>;

    return {
      prepare: (sql: string) => statement(sql),
      batch: (statements: FakeStatement[]) => execute(statements, (t) => t.batch(statements.map((s) => s.on(t)))),
      getBookmark: () => (Number.isFinite(seen) && seen > 0 ? bookmarkOf(seen) : null),
    };
  }

  // Outside a request (test setup, scripts), the binding itself writes and reads at the primary.
  const direct = session("first-primary");
  const binding = {
    prepare: direct.prepare,
    batch: direct.batch,
    withSession(start: D1SessionConstraint | D1SessionBookmark = "first-unconstrained") {
      starts.push(start);
      return session(start);
    },
    async catchUp() {
      for (const statements of pending.splice(0)) await replica.batch(statements.map((s) => replica.prepare(s.sql).bind(...s.params)));
      replicaAt = primaryAt;
    },
    starts,
  };
  return binding as unknown as LaggingD1;
}
