/**
 * A local D1 served from outside workerd, so the CPU scripts can count the Worker alone.
 *
 * On Cloudflare, D1 runs on other machines and its work is not the Worker's CPU time. Locally,
 * Miniflare simulates D1 inside the Worker's own workerd process: a Durable Object in JavaScript
 * that validates every query with zod, wraps it in a transaction and reads back change counts,
 * before and after SQLite. bench/workerd-cpu.ts points the Worker's D1 client here instead, as
 * a workerd external HTTP service (bench/miniflare-outside.ts). The Worker keeps workerd's
 * own D1 client (it encodes each query as JSON, sends it and decodes the JSON answer, as
 * deployed), and this server answers with node:sqlite on the same database file, in the
 * measuring Node process.
 *
 * Only what the D1 client sends is spoken: POST /query or /execute, one `{ sql, params }` or an
 * array of them (a batch, run in one transaction), answered in the `resultsFormat` asked for.
 */
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { createServer, type Server } from "node:http";
import { readdirSync } from "node:fs";
import { join } from "node:path";

type Query = { sql: string; params?: SQLInputValue[] | null };

/** The database file Miniflare keeps for the (only) D1 database under a persistence folder. */
export function localD1File(persistencePath: string): string {
  const folder = join(persistencePath, "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(folder).filter((file) => file.endsWith(".sqlite") && file !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database in ${folder}, found ${files.length}`);
  return join(folder, files[0]!);
}

function runQuery(db: DatabaseSync, query: Query, format: string) {
  const statement = db.prepare(query.sql);
  const params = query.params ?? [];
  const columns = statement.columns().map((column) => column.name);
  const started = performance.now();
  let rows: unknown[][] = [];
  let changes = 0;
  let lastRowId = 0;
  if (columns.length > 0) {
    statement.setReturnArrays(true);
    rows = statement.all(...params) as unknown as unknown[][];
  } else {
    const result = statement.run(...params);
    changes = Number(result.changes);
    lastRowId = Number(result.lastInsertRowid);
  }
  const duration = performance.now() - started;
  const results =
    format === "ROWS_AND_COLUMNS"
      ? { columns, rows }
      : format === "NONE"
        ? []
        : rows.map((row) => Object.fromEntries(columns.map((name, i) => [name, row[i]])));
  return {
    success: true,
    results,
    meta: {
      served_by: "d1-stand-in",
      duration,
      changes,
      last_row_id: lastRowId,
      changed_db: changes > 0,
      size_after: 0,
      rows_read: rows.length,
      rows_written: changes,
    },
  };
}

/** Serves `file` on a loopback port; resolves once listening, with the URL to give Miniflare. */
export async function startD1StandIn(file: string): Promise<{ url: URL; close: () => Promise<void> }> {
  const db = new DatabaseSync(file);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://d1");
      const format = url.searchParams.get("resultsFormat") ?? "ARRAY_OF_OBJECTS";
      let answer: unknown;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Query | Query[];
        if (Array.isArray(body)) {
          db.exec("BEGIN");
          try {
            answer = body.map((query) => runQuery(db, query, format));
            db.exec("COMMIT");
          } catch (error) {
            db.exec("ROLLBACK");
            throw error;
          }
        } else {
          answer = runQuery(db, body, format);
        }
      } catch (error) {
        answer = { success: false, error: error instanceof Error ? error.message : String(error) };
      }
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the D1 stand-in has no TCP address");
  return {
    url: new URL(`http://127.0.0.1:${address.port}/`),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          done();
        });
      }),
  };
}
