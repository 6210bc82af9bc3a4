/**
 * Server CPU per request in workerd itself, the runtime a deployed Worker runs in, for every page
 * and API route (bench/cpu-routes.ts) as a guest, a signed-in shopper and the seller. The budget
 * is the Workers free plan's CPU limit: p99 at most 10 ms per route (ADRs 012 and 023).
 *
 * The production bundle runs in a bare Miniflare (no `wrangler dev` proxy, no inspector) against a
 * copy of a state folder's local D1 and R2 (the copy takes the run's orders, accounts and
 * products; the state itself is left as it was). workerd reports no CPU time locally and its clock
 * stands still while a Worker computes, so this reads the kernel's account of the thread that runs
 * workerd's JavaScript around each request: its nanosecond run time (Linux
 * /proc/<pid>/task/<tid>/schedstat). That is what Cloudflare bills: the isolate's thread, not V8's
 * helper threads (concurrent garbage collection and compilation; `--threads all` counts them too).
 * A route's p50 and p99 are over its requests, less the median of a request the Worker answers
 * without work (an unknown /api path). Routes and the baseline take turns, round by round, so the
 * host's drift hits them alike.
 *
 * What runs in that process but is not the Worker's CPU time on Cloudflare is kept out (ADR 012):
 * - D1 and KV are served from outside workerd (bench/d1-stand-in.ts, bench/kv-stand-in.ts), as on
 *   Cloudflare, where their work is not the Worker's CPU time. The Worker's own D1 and KV clients
 *   are counted; SQLite and Miniflare's simulators are not (bench/miniflare-outside.ts).
 *   `--storage in-process` keeps Miniflare's simulators in the process instead, which counts them.
 * - Requests reach the Worker directly, not through Miniflare's entry worker, which stands in for
 *   Cloudflare's front line (and compresses responses) in the same process.
 * What stays in and makes the figure err high: Miniflare's R2 simulator (only adding a product with
 * an image uses it). Card payments go to the in-repo fake Stripe server, in this Node process.
 *
 *   node bench/workerd-cpu.ts [--state .wrangler/state] [--rounds 15] [--only guest|shopper|seller|Stripe]...
 *     [--server build/server] [--compare OTHER/build/server] [--storage outside|in-process] [--threads javascript|all]
 *     [--samples FILE (every figure, JSON)]
 *   --compare runs a second build in its own workerd, round by round in turn with the first.
 *   (after `npm run build`; the state needs the demo catalogue: `npm start` or `npm run seed`)
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { readDevVars } from "../scripts/dev-vars.ts";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from "../tests/support/fake-stripe.ts";
import { CPU_ROUTES, prepareFixtures, toFetch, type CpuRoute, type Fixtures, type Persona } from "./cpu-routes.ts";
import { localD1File, startD1StandIn } from "./d1-stand-in.ts";
import { startKvStandIn } from "./kv-stand-in.ts";
import { connectStorageStraightTo } from "./miniflare-outside.ts";
import { median, percentile } from "./routes.ts";

const ROOT = resolve(import.meta.dirname, "..");
const BASELINE = "/api/no-such-route";
const REQUESTS_PER_ROUND = 20;
const WARM_UP_REQUESTS = 30;
/** Login and sign-up hash a password (tens of ms each): fewer of them. */
const PASSWORD_ROUNDS = 2;

/** The free plan's CPU time per request. */
export const CPU_BUDGET_MS = 10;

type BuiltConfig = {
  compatibility_date: string;
  compatibility_flags?: string[];
  vars?: Record<string, string>;
  kv_namespaces: { binding: string; id: string }[];
  r2_buckets: { binding: string; bucket_name: string }[];
  d1_databases: { binding: string; database_id: string }[];
  durable_objects?: { bindings: { name: string; class_name: string }[] };
  queues?: { producers?: { binding: string; queue: string }[] };
};

/**
 * The built Worker in workerd, with the bindings the build's wrangler.json declares (rate limits
 * left unbound: the harness sends hundreds of logins and orders a minute). The purge coalescer
 * (a Durable Object) runs in the same process and is counted; the event queue has no consumer
 * here: its messages are sent, as in production, and left.
 */
function startWorker(server: string, persistence: string, stripeUrl: string, onRuntimeLog?: (line: string) => void): Miniflare {
  const config = JSON.parse(readFileSync(join(server, "wrangler.json"), "utf8")) as BuiltConfig;
  const modules = [
    "index.js",
    ...readdirSync(join(server, "assets"))
      .filter((file) => file.endsWith(".js"))
      .map((file) => `assets/${file}`),
  ];
  return new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      // Any free port: two checkouts may measure at once.
      port: 0,
      modules: modules.map((file) => ({ type: "ESModule" as const, path: join(server, file) })),
      modulesRoot: server,
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags,
      bindings: {
        ...config.vars,
        ...readDevVars(),
        // The requests carry no Origin, so the store's address only shows in Stripe's return URLs.
        APP_URL: "http://localhost:8787",
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripeUrl,
      },
      kvNamespaces: Object.fromEntries(config.kv_namespaces.map((kv) => [kv.binding, kv.id])),
      r2Buckets: Object.fromEntries(config.r2_buckets.map((r2) => [r2.binding, r2.bucket_name])),
      d1Databases: Object.fromEntries(config.d1_databases.map((d1) => [d1.binding, d1.database_id])),
      durableObjects: Object.fromEntries((config.durable_objects?.bindings ?? []).map((object) => [object.name, object.class_name])),
      queueProducers: Object.fromEntries((config.queues?.producers ?? []).map((producer) => [producer.binding, producer.queue])),
      resourcePersistencePath: persistence,
      // Requests go straight to the Worker, not through Miniflare's entry worker.
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
      ...(onRuntimeLog ? { handleStructuredLogs: ({ message }: { message: string }) => onRuntimeLog(message) } : {}),
    }),
  );
}

export type Threads = "javascript" | "all";

/** The workerd processes this process started. */
function workerdPids(): string[] {
  return readdirSync("/proc").filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      // After the command name: state, parent pid, ...
      const parent = Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd");
    } catch {
      return false; // the process ended meanwhile
    }
  });
}

/**
 * A workerd process's threads, as /proc paths: only the one that runs JavaScript (workerd's main
 * thread, whose id is the process's), or also V8's helper threads (concurrent garbage collection
 * and compilation), which Cloudflare does not bill.
 */
function workerdThreads(pid: string, which: Threads): string[] {
  return (which === "all" ? readdirSync(`/proc/${pid}/task`) : [pid]).map((tid) => `/proc/${pid}/task/${tid}/schedstat`);
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

export const BASELINE_ROUTE: CpuRoute = { name: "baseline", persona: "guest", status: 404, request: () => ({ path: BASELINE }) };

/**
 * Sends the route's next `count` requests; with `threads`, returns the CPU milliseconds workerd
 * spent on each. Every answer must have the route's status.
 */
export async function send(f: Fixtures, route: CpuRoute, counter: Map<CpuRoute, number>, count: number, threads?: string[]): Promise<number[]> {
  const samples: number[] = [];
  for (let n = 0; n < count; n++) {
    const i = counter.get(route) ?? 0;
    counter.set(route, i + 1);
    if (route.prepare) {
      const [prepareUrl, prepareInit] = await toFetch(f, route.prepare(f, i));
      const prepared = await fetch(prepareUrl, prepareInit);
      const answer = await prepared.text();
      if (!prepared.ok) throw new Error(`${route.name}: preparing answered ${prepared.status}: ${answer.slice(0, 300)}`);
    }
    const [url, init] = await toFetch(f, route.request(f, i));
    const before = threads ? cpuNs(threads) : 0;
    const response = await fetch(url, init);
    const body = await response.text();
    if (threads) samples.push((cpuNs(threads) - before) / 1e6);
    if (response.status !== route.status)
      throw new Error(`${route.persona} ${route.name}: ${init.method} ${url} answered ${response.status}, expected ${route.status}: ${body.slice(0, 300)}`);
  }
  return samples;
}

export type StoragePlacement = "outside" | "in-process";

export type RouteCpu = {
  name: string;
  persona: Persona;
  /** Login and sign-up: whether a password is hashed or a secret compared. */
  password?: CpuRoute["password"];
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Every request's figure, in the order sent. */
  samplesMs: number[];
};

export type WorkerdCpu = {
  products: number;
  /** The median CPU of a request answered without work, subtracted from every figure. */
  baselineMs: number;
  routes: RouteCpu[];
  requestsPerRoute: number;
  passwordRequestsPerRoute: number;
  requestsPerRound: number;
};

export type MeasureOptions = {
  state: string;
  rounds: number;
  /** D1 and KV outside workerd (the default, as on Cloudflare) or Miniflare's simulators in it. */
  storage?: StoragePlacement;
  /** The build to run (default build/server). */
  server?: string;
  personas?: Persona[];
  /** Whose CPU time counts: the JavaScript thread (what Cloudflare bills, the default) or every thread. */
  threads?: Threads;
};

/** One build running in its own workerd, on its own copy of the state, with its own people and data. */
export type Instance = {
  products: number;
  f: Fixtures;
  counter: Map<CpuRoute, number>;
  threads: string[];
  samples: Map<CpuRoute, number[]>;
  close: () => Promise<void>;
};

/** `onRuntimeLog` gets every line workerd prints (bench/gc-trace.ts reads V8's garbage collection trace from it). */
export async function startInstance(
  options: MeasureOptions,
  server: string,
  requestsPerRoute: number,
  onRuntimeLog?: (line: string) => void,
): Promise<Instance> {
  // A copy: the run places orders, opens accounts and adds products.
  const copy = mkdtempSync(join(tmpdir(), "workerd-cpu-"));
  cpSync(resolve(ROOT, options.state, "v3"), join(copy, "v3"), { recursive: true });
  const persistence = join(copy, "v3");
  const database = localD1File(persistence);
  const db = new DatabaseSync(database, { readOnly: true });
  const products = Number((db.prepare("SELECT COUNT(*) AS n FROM products").get() as { n: number }).n);
  db.close();

  const stripe = await startFakeStripe();
  const outside = options.storage !== "in-process";
  const d1 = outside ? await startD1StandIn(database) : null;
  const kv = outside ? await startKvStandIn() : null;
  const before = new Set(workerdPids());
  const restoreStorage = d1 && kv ? connectStorageStraightTo({ d1: d1.url, kv: kv.url }) : () => {};
  const worker = startWorker(server, persistence, stripe.url, onRuntimeLog);
  const close = async () => {
    await worker.dispose();
    await d1?.close();
    await kv?.close();
    await stripe.close();
    rmSync(copy, { recursive: true, force: true });
  };
  try {
    await worker.ready;
    restoreStorage();
    const pid = workerdPids().find((p) => !before.has(p));
    if (!pid) throw new Error("no workerd process found to measure");
    const origin = String(await worker.unsafeGetDirectURL()).replace(/\/$/, "");
    const vars = readDevVars();
    const f = await prepareFixtures({ origin, stripe, seller: { email: vars.SELLER_EMAIL ?? "", password: vars.SELLER_PASSWORD ?? "" }, requestsPerRoute });
    return { products, f, counter: new Map(), threads: workerdThreads(pid, options.threads ?? "javascript"), samples: new Map(), close };
  } catch (error) {
    restoreStorage();
    await close();
    throw error;
  }
}

function summary(instance: Instance, routes: CpuRoute[]): WorkerdCpu {
  const baselineMs = median(instance.samples.get(BASELINE_ROUTE)!);
  return {
    products: instance.products,
    baselineMs,
    routes: routes.map((route) => {
      const ms = instance.samples.get(route)!.map((sample) => sample - baselineMs);
      return {
        name: route.name,
        persona: route.persona,
        password: route.password,
        p50Ms: median(ms),
        p99Ms: percentile(ms, 99),
        requests: ms.length,
        samplesMs: ms,
      };
    }),
    requestsPerRoute: 0,
    passwordRequestsPerRoute: PASSWORD_ROUNDS * REQUESTS_PER_ROUND,
    requestsPerRound: REQUESTS_PER_ROUND,
  };
}

/**
 * Measures the build in `options.server`; with `compare`, a second build too, each in its own
 * workerd, round by round in turn (the way to compare two builds on a host whose speed drifts).
 */
export async function measureWorkerdCpu(options: MeasureOptions & { compare?: string }): Promise<WorkerdCpu[] | null> {
  if (process.platform !== "linux") return null;
  const routes = CPU_ROUTES.filter((route) => !options.personas || options.personas.includes(route.persona));
  const measured = routes.filter((route) => !route.password);
  const passwords = routes.filter((route) => route.password);
  const requestsPerRoute = WARM_UP_REQUESTS + options.rounds * REQUESTS_PER_ROUND;
  const servers = [options.server ?? "build/server", ...(options.compare ? [options.compare] : [])].map((server) => resolve(ROOT, server));
  const instances: Instance[] = [];
  try {
    for (const server of servers) instances.push(await startInstance(options, server, requestsPerRoute));
    // Warm up (JIT, SQLite's page cache), checking every answer.
    for (const i of instances) {
      for (const route of [BASELINE_ROUTE, ...measured]) await send(i.f, route, i.counter, WARM_UP_REQUESTS);
      for (const route of passwords) await send(i.f, route, i.counter, 3);
    }
    // Round by round, some requests of each route and of the baseline: the host's drift (large on
    // a shared machine) then hits every route (and build) alike.
    const measureRound = async (list: CpuRoute[]) => {
      for (const route of [BASELINE_ROUTE, ...list]) {
        for (const i of instances)
          i.samples.set(route, [...(i.samples.get(route) ?? []), ...(await send(i.f, route, i.counter, REQUESTS_PER_ROUND, i.threads))]);
      }
    };
    for (let round = 0; round < options.rounds; round++) await measureRound(measured);
    for (let round = 0; round < PASSWORD_ROUNDS && passwords.length > 0; round++) await measureRound(passwords);
    return instances.map((i) => ({ ...summary(i, [...measured, ...passwords]), requestsPerRoute: options.rounds * REQUESTS_PER_ROUND }));
  } finally {
    for (const i of instances) await i.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      state: { type: "string", default: ".wrangler/state" },
      rounds: { type: "string", default: "15" },
      storage: { type: "string", default: "outside" },
      server: { type: "string", default: "build/server" },
      compare: { type: "string" },
      only: { type: "string", multiple: true },
      threads: { type: "string", default: "javascript" },
      samples: { type: "string" },
    },
  });
  if (values.storage !== "outside" && values.storage !== "in-process") throw new Error("--storage is outside or in-process");
  if (values.threads !== "javascript" && values.threads !== "all") throw new Error("--threads is javascript or all");
  const results = await measureWorkerdCpu({
    state: values.state!,
    rounds: Number(values.rounds),
    storage: values.storage,
    server: values.server,
    compare: values.compare,
    personas: values.only as Persona[] | undefined,
    threads: values.threads,
  });
  if (!results) throw new Error("workerd-cpu reads Linux /proc accounting; run it on Linux");
  if (values.samples) writeFileSync(values.samples, JSON.stringify(results, null, 1));
  const [result, other] = results as [WorkerdCpu, WorkerdCpu | undefined];
  console.log(
    `${result.products} products; ${result.requestsPerRoute} requests per route (${result.passwordRequestsPerRoute} for login and sign-up); baseline (${BASELINE}) ${result.baselineMs.toFixed(2)} ms${other ? ` and ${other.baselineMs.toFixed(2)} ms (--compare)` : ""}, subtracted below`,
  );
  const figure = (r: RouteCpu) => `p50 ${r.p50Ms.toFixed(2).padStart(6)} ms   p99 ${r.p99Ms.toFixed(2).padStart(6)} ms`;
  result.routes.forEach((r, n) => {
    const over = r.password !== "hashed" && r.p99Ms > CPU_BUDGET_MS ? "  over the budget" : "";
    const vs = other ? `   | --compare ${figure(other.routes[n]!)}   p50 difference ${(r.p50Ms - other.routes[n]!.p50Ms).toFixed(2).padStart(6)} ms` : over;
    console.log(`${r.persona.padEnd(8)} ${r.name.padEnd(42)} ${figure(r)}${vs}`);
  });
}
