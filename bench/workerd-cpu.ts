/**
 * Server CPU per request in workerd, the runtime a deployed Worker runs in, for every page and API
 * route (bench/cpu-routes.ts) as a guest, a signed-in shopper and the seller: the median and the
 * mean (what Cloudflare bills: the mean carries the garbage collections). Pages are also given as a
 * ratio to a bare React Router render of an empty route (bench/framework-floor.ts), measured in
 * the same rounds.
 *
 * The production bundle runs in a bare Miniflare (no `wrangler dev` proxy, no inspector) against a
 * copy of a state folder's local D1 and R2. workerd reports no CPU time locally, so this reads the
 * kernel's account of the thread that runs workerd's JavaScript around each request
 * (/proc/<pid>/task/<tid>/schedstat): the isolate's thread, which Cloudflare bills, not V8's helper
 * threads. Each figure is less the median of a request the Worker answers without work (an unknown
 * /api path). Routes take turns, round by round, so the host's drift hits them alike (ADR 012).
 *
 * D1 and KV are served from outside workerd (bench/d1-stand-in.ts, bench/kv-stand-in.ts), as on
 * Cloudflare, where their work is not the Worker's CPU time; the Worker's own D1 and KV clients are
 * counted. Requests reach the Worker directly, not through Miniflare's entry worker. Miniflare's R2
 * simulator stays in the process (only adding a product uses it). Card payments go to the in-repo
 * fake Stripe server.
 *
 *   node bench/workerd-cpu.ts [--state .wrangler/state] [--rounds 15] [--only guest|shopper|seller|Stripe]...
 *     [--server build/server] [--compare OTHER/build/server]
 *   --compare runs a second build in its own workerd, round by round in turn with the first.
 *   (after `npm run build`; the state needs the demo catalogue: `npm start` or `npm run seed`)
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { readDevVars } from "../scripts/dev-vars.ts";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from "../scripts/fake-stripe.ts";
import { answeredAsExpected, CPU_ROUTES, prepareFixtures, toFetch, type CpuRoute, type Fixtures, type Persona } from "./cpu-routes.ts";
import { localD1File, startD1StandIn } from "./d1-stand-in.ts";
import { buildFloor } from "./framework-floor.ts";
import { startKvStandIn } from "./kv-stand-in.ts";
import { connectStorageStraightTo } from "./miniflare-outside.ts";
import { median } from "./routes.ts";

const ROOT = resolve(import.meta.dirname, "..");
const REQUESTS_PER_ROUND = 20;
const WARM_UP_REQUESTS = 30;
/** Login and sign-up hash a password (tens of ms each): fewer of them. */
const PASSWORD_ROUNDS = 2;
/** A working target, not a gate: a page's median CPU on this machine (issue 36). */
export const PAGE_TARGET_MS = 4;

type BuiltConfig = {
  compatibility_date: string;
  compatibility_flags?: string[];
  vars?: Record<string, string>;
  kv_namespaces?: { binding: string; id: string }[];
  r2_buckets?: { binding: string; bucket_name: string }[];
  d1_databases?: { binding: string; database_id: string }[];
  durable_objects?: { bindings: { name: string; class_name: string }[] };
  queues?: { producers?: { binding: string; queue: string }[] };
};

export type RunningWorker = { origin: string; threads: string[]; close: () => Promise<void> };

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
 * A built Worker (a build/server folder) in its own bare workerd, with the bindings its
 * wrangler.json declares (rate limits left unbound: the harness sends hundreds of logins and orders
 * a minute). The purge coalescer (a Durable Object) runs in the same process and is counted; the
 * event queue has no consumer here. `threads`: the schedstat file of workerd's JavaScript thread
 * (its main thread, whose id is the process's).
 */
export async function startBuiltWorker(server: string, { persistence, bindings = {} }: { persistence?: string; bindings?: Record<string, string> } = {}) {
  const config = JSON.parse(readFileSync(join(server, "wrangler.json"), "utf8")) as BuiltConfig;
  const assets = join(server, "assets");
  const modules = ["index.js", ...readdirSync(assets).flatMap((file) => (file.endsWith(".js") ? [`assets/${file}`] : []))];
  const before = new Set(workerdPids());
  const worker = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      // Any free port: two checkouts may measure at once.
      port: 0,
      modules: modules.map((file) => ({ type: "ESModule" as const, path: join(server, file) })),
      modulesRoot: server,
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags,
      bindings: { ...config.vars, ...bindings },
      kvNamespaces: Object.fromEntries((config.kv_namespaces ?? []).map((kv) => [kv.binding, kv.id])),
      r2Buckets: Object.fromEntries((config.r2_buckets ?? []).map((r2) => [r2.binding, r2.bucket_name])),
      d1Databases: Object.fromEntries((config.d1_databases ?? []).map((d1) => [d1.binding, d1.database_id])),
      durableObjects: Object.fromEntries((config.durable_objects?.bindings ?? []).map((object) => [object.name, object.class_name])),
      queueProducers: Object.fromEntries((config.queues?.producers ?? []).map((producer) => [producer.binding, producer.queue])),
      ...(persistence ? { resourcePersistencePath: persistence } : {}),
      // Requests go straight to the Worker, not through Miniflare's entry worker.
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    }),
  );
  try {
    await worker.ready;
    const pid = workerdPids().find((p) => !before.has(p));
    if (!pid) throw new Error("no workerd process found to measure");
    const origin = String(await worker.unsafeGetDirectURL()).replace(/\/$/, "");
    return { origin, threads: [`/proc/${pid}/task/${pid}/schedstat`], close: () => worker.dispose() } satisfies RunningWorker;
  } catch (error) {
    await worker.dispose();
    throw error;
  }
}

/** Nanoseconds those threads have run so far (user and kernel time; the first field of schedstat). */
function cpuNs(threads: string[]): number {
  let ns = 0;
  for (const file of threads) ns += Number(readFileSync(file, "utf8").split(" ")[0]);
  return ns;
}

export const BASELINE_ROUTE: CpuRoute = { name: "baseline", persona: "guest", status: 404, request: () => ({ path: "/api/no-such-route" }) };
/** The framework floor's empty route. */
const BARE_ROUTE: CpuRoute = { name: "bare React Router render", persona: "guest", status: 200, request: () => ({ path: "/" }) };

/** One Worker measured: the requests it is sent, what each cost, and which routes answered a page. */
type Instance = {
  f: Fixtures;
  worker: RunningWorker;
  counter: Map<CpuRoute, number>;
  samples: Map<CpuRoute, number[]>;
  pages: Set<CpuRoute>;
  close: () => Promise<void>;
};

/** Sends the route's next `count` requests and records what each cost; every answer must have the route's status. */
async function send(i: Instance, route: CpuRoute, count: number, record = true): Promise<void> {
  const samples = i.samples.get(route) ?? [];
  i.samples.set(route, samples);
  for (let n = 0; n < count; n++) {
    const k = i.counter.get(route) ?? 0;
    i.counter.set(route, k + 1);
    if (route.prepare) {
      const [prepareUrl, prepareInit] = await toFetch(i.f, route.prepare(i.f, k));
      const prepared = await fetch(prepareUrl, prepareInit);
      const answer = await prepared.text();
      if (!prepared.ok) throw new Error(`${route.name}: preparing answered ${prepared.status}: ${answer.slice(0, 300)}`);
    }
    const [url, init] = await toFetch(i.f, route.request(i.f, k));
    const before = cpuNs(i.worker.threads);
    const response = await fetch(url, init);
    const body = await response.text();
    if (record) samples.push((cpuNs(i.worker.threads) - before) / 1e6);
    if (!answeredAsExpected(response.status, route.status))
      throw new Error(`${route.persona} ${route.name}: ${init.method} ${url} answered ${response.status}, expected ${route.status}: ${body.slice(0, 300)}`);
    // A page: a document a browser asks for by its address.
    if (init.method === "GET" && response.headers.get("content-type")?.startsWith("text/html")) i.pages.add(route);
  }
}

/** The store on its own copy of a state folder (the run places orders, opens accounts, adds products), with its own people and data. */
async function startStore(state: string, server: string, requestsPerRoute: number): Promise<Instance & { products: number }> {
  const copy = mkdtempSync(join(tmpdir(), "workerd-cpu-"));
  cpSync(resolve(ROOT, state, "v3"), join(copy, "v3"), { recursive: true });
  const persistence = join(copy, "v3");
  const database = localD1File(persistence);
  const db = new DatabaseSync(database, { readOnly: true });
  const products = Number((db.prepare("SELECT COUNT(*) AS n FROM products").get() as { n: number }).n);
  db.close();
  const stripe = await startFakeStripe();
  const d1 = await startD1StandIn(database);
  const kv = await startKvStandIn();
  const restoreStorage = connectStorageStraightTo({ d1: d1.url, kv: kv.url });
  let worker: RunningWorker | undefined;
  const close = async () => {
    await worker?.close();
    await d1.close();
    await kv.close();
    await stripe.close();
    rmSync(copy, { recursive: true, force: true });
  };
  try {
    worker = await startBuiltWorker(server, {
      persistence,
      bindings: {
        ...readDevVars(),
        // The requests carry no Origin, so the store's address only shows in Stripe's return URLs.
        APP_URL: "http://localhost:8787",
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      },
    });
    restoreStorage();
    const vars = readDevVars();
    const seller = { email: vars.SELLER_EMAIL ?? "", password: vars.SELLER_PASSWORD ?? "" };
    const f = await prepareFixtures({ origin: worker.origin, stripe, seller, requestsPerRoute });
    return { products, f, worker, counter: new Map(), samples: new Map(), pages: new Set(), close };
  } catch (error) {
    restoreStorage();
    await close();
    throw error;
  }
}

export type RouteCpu = { name: string; persona: Persona; page: boolean; medianMs: number; meanMs: number; requests: number };
export type Figure = { medianMs: number; meanMs: number };

export type WorkerdCpu = {
  products: number;
  /** The median CPU of a request answered without work, subtracted from every figure. */
  baselineMs: number;
  /** The bare React Router render of an empty route, less its own Worker's baseline. */
  bare: Figure;
  routes: RouteCpu[];
  requestsPerRoute: number;
  passwordRequestsPerRoute: number;
};

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function figure(i: Instance, route: CpuRoute): Figure {
  const baseline = median(i.samples.get(BASELINE_ROUTE)!);
  const ms = i.samples.get(route)!.map((sample) => sample - baseline);
  return { medianMs: median(ms), meanMs: mean(ms) };
}

export type MeasureOptions = {
  state: string;
  rounds: number;
  /** The framework floor's build/server (bench/framework-floor.ts). */
  floor: string;
  /** The build to run (default build/server), and another measured in turn with it. */
  server?: string;
  compare?: string;
  personas?: Persona[];
};

/** Measures the store's build (and `compare`'s), each in its own workerd, and the bare render, round by round in turn. */
export async function measureWorkerdCpu(options: MeasureOptions): Promise<WorkerdCpu[]> {
  if (process.platform !== "linux") throw new Error("bench/workerd-cpu.ts reads Linux's /proc accounting: run it on Linux");
  const routes = CPU_ROUTES.filter((route) => !options.personas || options.personas.includes(route.persona));
  const measured = routes.filter((route) => !route.password);
  const passwords = routes.filter((route) => route.password);
  const requestsPerRoute = WARM_UP_REQUESTS + options.rounds * REQUESTS_PER_ROUND;
  const servers = [options.server ?? "build/server", ...(options.compare ? [options.compare] : [])].map((server) => resolve(ROOT, server));
  const stores: (Instance & { products: number })[] = [];
  let bare: Instance | undefined;
  try {
    for (const server of servers) stores.push(await startStore(options.state, server, requestsPerRoute));
    const floor = await startBuiltWorker(resolve(ROOT, options.floor));
    bare = { f: { origin: floor.origin } as Fixtures, worker: floor, counter: new Map(), samples: new Map(), pages: new Set(), close: floor.close };
    const all = [...stores, bare];
    // Warm up (JIT, SQLite's page cache), checking every answer.
    for (const route of [BASELINE_ROUTE, BARE_ROUTE]) await send(bare, route, WARM_UP_REQUESTS, false);
    for (const i of stores) {
      for (const route of [BASELINE_ROUTE, ...measured]) await send(i, route, WARM_UP_REQUESTS, false);
      for (const route of passwords) await send(i, route, 3, false);
    }
    // Round by round, some requests of each route, of the bare render and of the baselines: the
    // host's drift (large on a shared machine) then hits every route (and build) alike.
    const round = async (list: CpuRoute[]) => {
      for (const i of all) await send(i, BASELINE_ROUTE, REQUESTS_PER_ROUND);
      await send(bare!, BARE_ROUTE, REQUESTS_PER_ROUND);
      for (const route of list) for (const i of stores) await send(i, route, REQUESTS_PER_ROUND);
    };
    for (let n = 0; n < options.rounds; n++) await round(measured);
    for (let n = 0; n < PASSWORD_ROUNDS && passwords.length > 0; n++) await round(passwords);
    return stores.map((i) => ({
      products: i.products,
      baselineMs: median(i.samples.get(BASELINE_ROUTE)!),
      bare: figure(bare!, BARE_ROUTE),
      routes: [...measured, ...passwords].map((route) => ({
        name: route.name,
        persona: route.persona,
        page: i.pages.has(route),
        ...figure(i, route),
        requests: i.samples.get(route)!.length,
      })),
      requestsPerRoute: options.rounds * REQUESTS_PER_ROUND,
      passwordRequestsPerRoute: PASSWORD_ROUNDS * REQUESTS_PER_ROUND,
    }));
  } finally {
    for (const i of stores) await i.close();
    await bare?.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      state: { type: "string", default: ".wrangler/state" },
      rounds: { type: "string", default: "15" },
      server: { type: "string", default: "build/server" },
      compare: { type: "string" },
      only: { type: "string", multiple: true },
    },
  });
  const floor = buildFloor();
  try {
    const [result, other] = await measureWorkerdCpu({
      state: values.state!,
      rounds: Number(values.rounds),
      floor: floor.server,
      server: values.server,
      compare: values.compare,
      personas: values.only as Persona[] | undefined,
    });
    const { bare } = result!;
    console.log(
      `${result!.products} products; ${result!.requestsPerRoute} requests per route; less the baseline (${result!.baselineMs.toFixed(2)} ms); bare React Router render: median ${bare.medianMs.toFixed(2)} ms, mean ${bare.meanMs.toFixed(2)} ms`,
    );
    const show = (r: RouteCpu) =>
      `median ${r.medianMs.toFixed(2).padStart(6)} ms   mean ${r.meanMs.toFixed(2).padStart(6)} ms${r.page ? `   ${(r.medianMs / bare.medianMs).toFixed(1)}× bare` : ""}`;
    result!.routes.forEach((r, n) =>
      console.log(`${r.persona.padEnd(8)} ${r.name.padEnd(48)} ${show(r)}${other ? `   | --compare ${show(other.routes[n]!)}` : ""}`),
    );
  } finally {
    floor.remove();
  }
}
