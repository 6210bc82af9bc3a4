/**
 * Server CPU per request: the production Worker bundle (build/server/index.js) driven in this Node
 * process (same V8 engine as workerd) against the real local D1, KV and R2 of a state folder
 * (wrangler's getPlatformProxy). Time spent inside D1 calls is I/O for a deployed Worker and is
 * not billed as its CPU; here those calls go through the proxy, whose CPU is subtracted, so what
 * remains is routing, loaders, React's render and the response: the Worker's own CPU.
 *
 *   node bench/render-cpu.ts [--state .wrangler/state] [--runs 300]   (after `npm run build`)
 *
 * Prints the median CPU ms per route. Not the figure held to the budget (that is workerd's,
 * bench/workerd-cpu.ts): this one can be profiled with `node --cpu-prof`.
 */
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { median, ROUTES, UNCACHED_COOKIE } from "./routes.ts";

type Statement = {
  bind(...values: unknown[]): Statement;
  all(): Promise<unknown>;
  raw(options?: unknown): Promise<unknown>;
  first(column?: string): Promise<unknown>;
  run(): Promise<unknown>;
};
type Session = { prepare(query: string): Statement; batch(statements: Statement[]): Promise<unknown>; getBookmark(): string | null };
type Binding = Omit<Session, "getBookmark"> & { withSession(start?: string): Session };

/** Milliseconds of this process's CPU since `before`. */
function cpuMsSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Wrap a D1 binding so the CPU spent waiting on each call (the local proxy) can be subtracted. */
function meteredD1(db: Binding) {
  const meter = { excludedMs: 0, calls: 0 };
  const metered = async <T>(call: () => Promise<T>): Promise<T> => {
    const before = process.cpuUsage();
    meter.calls++;
    try {
      return await call();
    } finally {
      meter.excludedMs += cpuMsSince(before);
    }
  };
  // prepare() and bind() are synchronous round trips to the proxy: metered, but not counted as calls.
  const meteredSync = <T>(call: () => T): T => {
    const before = process.cpuUsage();
    try {
      return call();
    } finally {
      meter.excludedMs += cpuMsSince(before);
    }
  };
  const inner = new WeakMap<object, Statement>();
  const wrap = (statement: Statement): Statement => {
    const wrapped: Statement = {
      bind: (...values) => wrap(meteredSync(() => statement.bind(...values))),
      all: () => metered(() => statement.all()),
      raw: (options) => metered(() => statement.raw(options)),
      first: (column) => metered(() => statement.first(column)),
      run: () => metered(() => statement.run()),
    };
    inner.set(wrapped, statement);
    return wrapped;
  };
  // A plain object, not a Proxy of the binding: the binding is itself a proxy, and a Proxy's
  // invariant checks would call into it synchronously on every property read.
  const on = (target: Omit<Session, "getBookmark">) => ({
    prepare: (query: string) => wrap(meteredSync(() => target.prepare(query))),
    batch: (statements: Statement[]) => metered(() => target.batch(statements.map((s) => inner.get(s) ?? s))),
  });
  // Every request reads through a D1 session (worker/db/sessions.ts, ADR 040): metered the same way.
  const binding = {
    ...on(db),
    withSession: (start?: string) => {
      const session = meteredSync(() => db.withSession(start));
      return { ...on(session), getBookmark: () => session.getBookmark() };
    },
  };
  return { binding, meter };
}

export type RenderCpu = { cpuMs: number; d1Calls: number; status: number };

export async function measureRenderCpu(options: { state: string; runs: number; routes?: Record<string, string> }): Promise<Record<string, RenderCpu>> {
  const root = resolve(import.meta.dirname, "..");
  const { env, ctx, dispose } = await getPlatformProxy<Record<string, unknown>>({
    configPath: join(root, "wrangler.toml"),
    persist: { path: join(options.state, "v3") },
    remoteBindings: false,
  });
  const results: Record<string, RenderCpu> = {};
  try {
    const worker = (await import(pathToFileURL(join(root, "build/server/index.js")).href)).default;
    for (const [name, path] of Object.entries(options.routes ?? ROUTES)) {
      const samples: RenderCpu[] = [];
      // One binding for the whole run, as in a Worker isolate (per-binding caches stay warm).
      const { binding, meter } = meteredD1(env.DB as Binding);
      const bindings = { ...env, DB: binding };
      // The first runs warm the JIT up; only the rest count.
      for (let run = 0; run < options.runs + 50; run++) {
        meter.excludedMs = 0;
        meter.calls = 0;
        const request = new Request(`http://localhost:8787${path}`, { headers: { cookie: UNCACHED_COOKIE } });
        const before = process.cpuUsage();
        const response: Response = await worker.fetch(request, bindings, ctx);
        await response.arrayBuffer();
        const cpuMs = cpuMsSince(before);
        if (run >= 50) samples.push({ cpuMs: cpuMs - meter.excludedMs, d1Calls: meter.calls, status: response.status });
      }
      results[name] = { cpuMs: median(samples.map((s) => s.cpuMs)), d1Calls: Math.max(...samples.map((s) => s.d1Calls)), status: samples[0]!.status };
    }
  } finally {
    await dispose();
  }
  return results;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { state: { type: "string", default: ".wrangler/state" }, runs: { type: "string", default: "300" } } });
  const results = await measureRenderCpu({ state: values.state!, runs: Number(values.runs) });
  for (const [name, r] of Object.entries(results)) console.log(`${name.padEnd(24)} ${r.status}  CPU p50 ${r.cpuMs.toFixed(2)} ms  D1 round trips ${r.d1Calls}`);
}
