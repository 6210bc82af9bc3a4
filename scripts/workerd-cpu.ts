/**
 * Server CPU per request in workerd itself, the runtime a deployed Worker runs in. The production
 * bundle runs in a bare Miniflare (no `wrangler dev` proxy, no inspector) against a state
 * folder's local D1, KV and R2. workerd reports no CPU time locally and its clock stands still
 * while a Worker computes, so this reads the kernel's account of the workerd process around each
 * request: the nanosecond run time of every one of its threads (Linux /proc/<pid>/task/<tid>/schedstat).
 * A route's figure is the median over its requests (the budget is a median), less the median of a
 * request the Worker answers without work (an unknown /api path: HTTP parsing and routing).
 * Routes and the baseline take turns, round by round, so the host's drift hits them alike.
 *
 * What runs in that process but is not the Worker's CPU time on Cloudflare is kept out (ADR 012):
 * - D1 is served from outside workerd (scripts/d1-stand-in.ts), as on Cloudflare, where a query's
 *   work is not the Worker's CPU time. The Worker's own D1 client (JSON out, JSON back) is
 *   counted; SQLite and Miniflare's D1 simulator are not. The client's requests go straight to
 *   the stand-in, as a workerd external HTTP service, not through Miniflare's remote-binding
 *   proxy (a JavaScript worker in the same process). `--d1 in-process` keeps Miniflare's
 *   simulator in the process instead, which counts all of it (1-3 ms more per page here).
 * - Responses are asked for uncompressed. Miniflare's entry worker compresses text responses as
 *   Cloudflare's front line does; on Cloudflare that happens outside the Worker, and here it was
 *   about 1.5 ms of a listing's 76 KB.
 * Compare with render-cpu.ts, which measures the same bundle in Node.
 *
 *   node scripts/workerd-cpu.ts [--state .wrangler/bench-state] [--rounds 15] [--d1 outside|in-process]
 *   (after `npm run build`)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Miniflare, PLUGINS, convertV4MiniflareOptions, type RemoteProxyConnectionString } from "miniflare";
import { median, ROUTES, UNCACHED_COOKIE } from "./bench-routes.ts";
import { localD1File, startD1StandIn } from "./d1-stand-in.ts";
import { readDevVars } from "./dev-vars.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SERVER = join(ROOT, "build/server");
const BASELINE = "/api/no-such-route";
const REQUESTS_PER_ROUND = 20;

type BuiltConfig = {
  compatibility_date: string;
  compatibility_flags?: string[];
  vars?: Record<string, string>;
  kv_namespaces: { binding: string; id: string }[];
  r2_buckets: { binding: string; bucket_name: string }[];
  d1_databases: { binding: string; database_id: string }[];
};

/**
 * The built Worker in workerd, with the bindings the build's wrangler.json declares; D1 in the
 * same process, or at `d1Url` when given.
 */
function startWorker(persistence: string, port: number, d1Url?: URL): Miniflare {
  const config = JSON.parse(readFileSync(join(SERVER, "wrangler.json"), "utf8")) as BuiltConfig;
  const modules = ["index.js", ...readdirSync(join(SERVER, "assets")).filter((file) => file.endsWith(".js")).map((file) => `assets/${file}`)];
  return new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      modules: modules.map((file) => ({ type: "ESModule" as const, path: join(SERVER, file) })),
      modulesRoot: SERVER,
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags,
      bindings: { ...config.vars, ...readDevVars(), APP_URL: `http://localhost:${port}` },
      kvNamespaces: Object.fromEntries(config.kv_namespaces.map((kv) => [kv.binding, kv.id])),
      r2Buckets: Object.fromEntries(config.r2_buckets.map((r2) => [r2.binding, r2.bucket_name])),
      d1Databases: Object.fromEntries(
        config.d1_databases.map((d1) => [d1.binding, d1Url ? { id: d1.database_id, remoteProxyConnectionString: d1Url as RemoteProxyConnectionString } : d1.database_id]),
      ),
      resourcePersistencePath: persistence,
    }),
  );
}

type ServiceDesignator = { name: string; props?: unknown };
type D1Binding = { wrapped?: { moduleName: string; innerBindings: { name: string; service: ServiceDesignator }[] } };

/**
 * While the returned function has not been called, Workers started by Miniflare send their D1
 * client's requests straight to `url` (a workerd external HTTP service, as D1 calls leave a
 * deployed Worker through the runtime), instead of through the remote-binding proxy worker that
 * `remoteProxyConnectionString` sets up. Miniflare has no option for this, so its D1 plugin's
 * two hooks are wrapped; if their output is not what is expected, this throws.
 */
function connectD1ClientStraightTo(url: URL): () => void {
  const plugin = PLUGINS.d1 as unknown as {
    getBindings: (...args: unknown[]) => Promise<D1Binding[]> | D1Binding[];
    getServices: (...args: unknown[]) => Promise<{ name: string }[]> | { name: string }[];
  };
  const { getBindings, getServices } = plugin;
  let proxyService: string | undefined;
  plugin.getBindings = async (...args) =>
    (await getBindings.apply(plugin, args)).map((binding) => {
      const fetcher = binding.wrapped?.innerBindings.find((inner) => inner.name === "fetcher");
      if (binding.wrapped?.moduleName !== "cloudflare-internal:d1-api" || !fetcher) throw new Error("Miniflare's D1 binding is not the wrapped d1-api this script expects");
      proxyService = fetcher.service.name;
      return { ...binding, wrapped: { ...binding.wrapped, innerBindings: [{ name: "fetcher", service: { name: proxyService } }] } };
    });
  plugin.getServices = async (...args) => {
    const services = await getServices.apply(plugin, args);
    if (!Array.isArray(services) || !services.some((service) => service.name === proxyService)) throw new Error("Miniflare's D1 proxy service was not found");
    return services.map((service) => (service.name === proxyService ? { name: service.name, external: { address: url.host, http: {} } } : service));
  };
  return () => Object.assign(plugin, { getBindings, getServices });
}

/** The threads of the workerd processes this process started, as /proc paths. */
function workerdThreads(): string[] {
  const threads: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      // After the command name: state, parent pid, ...
      const parent = Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      if (parent !== process.pid || !readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd")) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) threads.push(`/proc/${pid}/task/${tid}/schedstat`);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return threads;
}

/** Nanoseconds those threads have run so far (user and kernel time; the first field of schedstat). */
function cpuNs(threads: string[]): number {
  let ns = 0;
  for (const file of threads) {
    try {
      ns += Number(readFileSync(file, "utf8").split(" ")[0]);
    } catch {
      /* a thread that ended: its time is no longer reported */
    }
  }
  return ns;
}

/** A page rendered for a guest (never from the edge cache), uncompressed (see the top of this file). */
const getAsGuest = (url: string) => fetch(url, { headers: { cookie: UNCACHED_COOKIE, "accept-encoding": "identity" } });

/** Checks the first answer is the expected status, then warms up (JIT, SQLite's page cache). */
async function warmUp(url: string): Promise<void> {
  const first = await getAsGuest(url);
  const expected = url.endsWith(BASELINE) ? 404 : 200;
  const body = await first.text();
  if (first.status !== expected) throw new Error(`${url} answered ${first.status}, expected ${expected}: ${body.slice(0, 300)}`);
  for (let i = 0; i < 100; i++) await (await getAsGuest(url)).text();
}

/** The CPU milliseconds workerd spent on each of `count` sequential requests. */
async function requestsCpu(url: string, count: number, threads: string[]): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const before = cpuNs(threads);
    await (await getAsGuest(url)).text();
    samples.push((cpuNs(threads) - before) / 1e6);
  }
  return samples;
}

export type D1Placement = "outside" | "in-process";

export type WorkerdCpu = {
  baselineMs: number;
  /** Per route: the median over all its requests, less the baseline's. */
  cpuMs: Record<string, number>;
  /**
   * Per route: the lowest and highest of its per-round figures (the round's median less that
   * round's baseline median), to show how far the host drifted while the route was measured.
   */
  roundRangeMs: Record<string, [number, number]>;
  requestsPerRoute: number;
  requestsPerRound: number;
};

export async function measureWorkerdCpu(options: {
  state: string;
  rounds: number;
  port?: number;
  d1?: D1Placement;
}): Promise<WorkerdCpu | null> {
  if (process.platform !== "linux") return null;
  const port = options.port ?? 8793;
  const persistence = resolve(ROOT, options.state, "v3");
  const d1 = options.d1 === "in-process" ? null : await startD1StandIn(localD1File(persistence));
  const restoreD1 = d1 ? connectD1ClientStraightTo(d1.url) : () => {};
  const worker = startWorker(persistence, port, d1?.url);
  try {
    const origin = String(await worker.ready).replace(/\/$/, "");
    const paths = { baseline: BASELINE, ...ROUTES };
    for (const path of Object.values(paths)) await warmUp(`${origin}${path}`);
    const threads = workerdThreads();
    if (threads.length === 0) throw new Error("no workerd process found to measure");
    // Round by round, some requests of each route and of the baseline: the host's drift (large on
    // a shared machine) then hits every route alike.
    const rounds: Record<string, number[]>[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const thisRound: Record<string, number[]> = {};
      for (const [name, path] of Object.entries(paths)) thisRound[name] = await requestsCpu(`${origin}${path}`, REQUESTS_PER_ROUND, threads);
      rounds.push(thisRound);
    }
    const all = (name: string) => rounds.flatMap((round) => round[name]!);
    const baselineMs = median(all("baseline"));
    const cpuMs = Object.fromEntries(Object.keys(ROUTES).map((name) => [name, median(all(name)) - baselineMs]));
    const roundRangeMs = Object.fromEntries(
      Object.keys(ROUTES).map((name) => {
        const figures = rounds.map((round) => median(round[name]!) - median(round.baseline!));
        return [name, [Math.min(...figures), Math.max(...figures)] as [number, number]];
      }),
    );
    return { baselineMs, cpuMs, roundRangeMs, requestsPerRoute: options.rounds * REQUESTS_PER_ROUND, requestsPerRound: REQUESTS_PER_ROUND };
  } finally {
    restoreD1();
    await worker.dispose();
    await d1?.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { state: { type: "string", default: ".wrangler/bench-state" }, rounds: { type: "string", default: "15" }, d1: { type: "string", default: "outside" } },
  });
  if (values.d1 !== "outside" && values.d1 !== "in-process") throw new Error("--d1 is outside or in-process");
  const result = await measureWorkerdCpu({ state: values.state!, rounds: Number(values.rounds), d1: values.d1 });
  if (!result) throw new Error("workerd-cpu reads Linux /proc accounting; run it on Linux");
  console.log(`median of ${result.requestsPerRoute} requests per route; baseline (${BASELINE}) ${result.baselineMs.toFixed(2)} ms, subtracted below`);
  for (const [name, ms] of Object.entries(result.cpuMs)) {
    const [low, high] = result.roundRangeMs[name]!;
    console.log(`${name.padEnd(24)} workerd CPU ${ms.toFixed(2)} ms per request (rounds: ${low.toFixed(2)} to ${high.toFixed(2)})`);
  }
}
