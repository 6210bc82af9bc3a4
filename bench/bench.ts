/**
 * `npm run bench`: the performance harness. Builds the store and the framework's floor (a
 * hello-world React Router app of the same versions, bench/framework-floor.ts), serves the store's
 * production build on loopback with its own fresh state, and adds one dated section to
 * docs/performance-log.md:
 *
 * - Lighthouse with its default mobile settings, median of 5, for /, /products, a product page and
 *   a signed-in shopper's cart and order page (bench/lighthouse.ts);
 * - server CPU per request in workerd, median and mean, of every page and API route for a guest, a
 *   signed-in shopper and the seller; pages also as a ratio to the bare React Router render of an
 *   empty route, measured in the same rounds (bench/workerd-cpu.ts, bench/cpu-routes.ts);
 * - first-load JavaScript per shop page: the framework's floor and the app's own bytes (bench/first-load.ts);
 * - per page and key API route: requests/s, p50/p99 latency and bytes per response (autocannon),
 *   both from the edge cache (anonymous) and rendered (a request with a cookie skips the cache);
 * - the rendered routes at 50,000 products, as ratios to 35 products: a second store of the same
 *   build, measured route by route alternately with the first so drift hits both sides alike.
 *
 * Lighthouse and the CPU figures are taken first, before the load runs.
 *
 *   npm run bench [-- --quick]   (--quick: 1 Lighthouse run, 5 CPU rounds, 3 s per route; for trying things out)
 *   BENCH_PORT=8830 npm run bench (serve on 8830 and 8831 instead of 8796 and 8797)
 */
import autocannon from "autocannon";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import * as prettier from "prettier";
import { prepareLargeState } from "../scripts/large-state.ts";
import { readDevVars } from "../scripts/dev-vars.ts";
import { serveProductionBuild, type RunningStore } from "../scripts/serve.ts";
import { firstLoad, OWN_JS_BUDGET_KB } from "./first-load.ts";
import { buildFloor, recordFloor } from "./framework-floor.ts";
import { lighthouseScores, lighthouseTable } from "./lighthouse.ts";
import { shopperPages, type AuditedPage } from "./lighthouse-shopper.ts";
import { PAGES, ROUTES, UNCACHED_COOKIE } from "./routes.ts";
import { commitLabel, loadAverage, machineLabel } from "./run-facts.ts";
import { measureWorkerdCpu, PAGE_TARGET_MS, type WorkerdCpu } from "./workerd-cpu.ts";

const { values } = parseArgs({ options: { quick: { type: "boolean", default: false } } });
const ROOT = resolve(import.meta.dirname, "..");
const LOG = join(ROOT, "docs", "performance-log.md");
const STATE = ".wrangler/bench-state";
const LARGE_STATE = ".wrangler/bench-state-large";
const PORT = Number(process.env.BENCH_PORT) || 8796;
const SECONDS = values.quick ? 3 : 8;
const WARM_UP_SECONDS = values.quick ? 1 : 2;
const LIGHTHOUSE_RUNS = values.quick ? 1 : 5;
const WORKERD_ROUNDS = values.quick ? 5 : 15;

/** The routes whose latency must hold at 50,000 products (budget: at most 1.5× of 35). */
const SCALE_ROUTES = ["/products", "/products/fruits", "search rice", "GET /api/product/list"];

type Load = { rps: number; p50: number; p99: number; bytes: number; errors: number };

/** Warm the route up (JIT, SQLite's page cache) unmeasured, then measure it. */
async function measure(url: string, cookie?: string): Promise<Load> {
  const headers = cookie ? { cookie } : {};
  await autocannon({ url, connections: 8, duration: WARM_UP_SECONDS, headers });
  const result = await autocannon({ url, connections: 8, duration: SECONDS, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The seller's session cookie on a store (two logins a run: well within the seller's login limit). */
async function sellerCookie(store: RunningStore): Promise<string> {
  const vars = readDevVars();
  const response = await fetch(`${store.url}/api/seller/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: store.url },
    body: JSON.stringify({ email: vars.SELLER_EMAIL, password: vars.SELLER_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("seller_sid="));
  if (!response.ok || !cookie) throw new Error(`seller login on ${store.url} answered ${response.status}`);
  return cookie.split(";")[0]!;
}

/** How many products a route shows, or orders the dashboard sums: the scale comparison is only fair read with it. */
async function shown(store: RunningStore, path: string, cookie: string): Promise<string> {
  const get = async (url: string) => fetch(`${store.url}${url}`, { headers: { cookie } });
  if (path === "/seller/dashboard") {
    const { dashboard } = (await (await get("/api/seller/dashboard")).json()) as { dashboard: { periods: { month: { orders: number } } } };
    return `${dashboard.periods.month.orders.toLocaleString("en-US")} orders in 30 days`;
  }
  if (path.startsWith("/api")) return `${((await (await get(path)).json()) as { products: unknown[] }).products.length} products`;
  return `${(await (await get(path)).text()).match(/<article/g)?.length ?? 0} products`;
}

const lines: string[] = [];
const say = (...said: string[]) => {
  for (const line of said.length ? said : [""]) {
    console.log(line);
    lines.push(line);
  }
};
const ms = (value: number) => `${value.toFixed(2)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function cpuTable(cpu: WorkerdCpu) {
  say(`### Server CPU per request (workerd)`);
  say();
  say(
    `The kernel's account of workerd's JavaScript thread around each request (bench/workerd-cpu.ts; ADR 012), which is what Cloudflare bills, ` +
      `less the median of a request answered without work (${ms(cpu.baselineMs)}); ${cpu.requestsPerRoute} requests per route ` +
      `(${cpu.passwordRequestsPerRoute} for login and sign-up) in rounds of 20, every route in turn, at ${cpu.products.toLocaleString("en-US")} products; ` +
      `pages rendered, never from the edge cache. The mean is the billed quantity: it carries the isolate's garbage collections, which the median ` +
      `leaves out. "× bare" is a page's median over that of a bare React Router render of an empty route (the framework's floor, ` +
      `bench/framework-floor.ts, in its own workerd, in the same rounds): ${ms(cpu.bare.medianMs)}, mean ${ms(cpu.bare.meanMs)}. ` +
      `The working target, not a gate: a page's median at most ${PAGE_TARGET_MS} ms on this machine.`,
  );
  say();
  say(`| persona | route | median | mean | × bare |`);
  say(`| --- | --- | ---: | ---: | ---: |`);
  for (const r of cpu.routes) {
    const ratio = r.page ? `${(r.medianMs / cpu.bare.medianMs).toFixed(1)}${r.medianMs > PAGE_TARGET_MS ? " (over the target)" : ""}` : "";
    say(`| ${r.persona} | ${r.name} | ${ms(r.medianMs)} | ${ms(r.meanMs)} | ${ratio} |`);
  }
  say();
}

const floor = buildFloor();
const store = await serveProductionBuild({ port: PORT, state: STATE, extraArgs: ["--fresh"] });
let largeStore: RunningStore | undefined;
try {
  say(`## ${new Date().toISOString().slice(0, 16)}Z: \`npm run bench\`${values.quick ? " --quick" : ""}, commit ${commitLabel()}`);
  say();
  say(`${machineLabel()}; load average (1, 5, 15 min) at the start: ${loadAverage()}. The store's production build served by \`wrangler dev\` on`);
  say(`loopback (local workerd, D1, KV, R2). One run's figures on a shared machine: compare them as ratios.`);
  say();
  // The figures most sensitive to the machine's own load first: the browser's main thread
  // (Lighthouse) and the Worker's CPU. The load runs come after them.
  const shopper = await shopperPages(store.url);
  const scores = await lighthouseScores(store.url, LIGHTHOUSE_RUNS, shopper);
  say(`### Lighthouse`);
  say();
  for (const line of lighthouseTable(scores, LIGHTHOUSE_RUNS)) say(line);
  say("", `Load average after Lighthouse: ${loadAverage()}.`, "");
  const [cpu] = await measureWorkerdCpu({ state: STATE, rounds: WORKERD_ROUNDS, floor: floor.server });
  cpuTable(cpu!);
  say(`Load average after the CPU runs: ${loadAverage()}.`, "");

  say(`### First-load JavaScript (gzip level 9)`);
  say();
  const framework = await recordFloor(floor);
  const versions = Object.entries(framework.versions).map(([name, version]) => `${name} ${version}`);
  say(
    `The floor: a hello-world React Router app built in this run with the same versions (${versions.join(", ")}): ${kb(framework.js)} in ` +
      `${framework.scripts} scripts (${kb(framework.raw)} minified). A page's own bytes are its first load less the floor, route manifest ` +
      `included; \`npm test\` holds them to at most ${OWN_JS_BUDGET_KB} KB on the shop pages (with the floor committed in bench/framework-floor.json).`,
  );
  say();
  say(`| page | floor | own | total | total minified | scripts | CSS (inlined) |`);
  say(`| --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
  const firstLoadPages: Record<string, AuditedPage> = { ...Object.fromEntries(Object.entries(PAGES).map(([name, path]) => [name, { path }])), ...shopper };
  for (const [name, { path, cookie }] of Object.entries(firstLoadPages)) {
    const f = await firstLoad(store.url, path, { cookie });
    say(`| ${name} | ${kb(framework.js)} | ${kb(f.js - framework.js)} | ${kb(f.js)} | ${kb(f.raw)} | ${f.scripts.length} | ${kb(f.css)} |`);
  }
  say();

  say(`### Routes at 35 products (autocannon, 8 connections, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s per route)`);
  say();
  say(`| route | edge-cached req/s | p50 | p99 | rendered req/s | p50 | p99 | bytes | errors |`);
  say(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
  for (const [name, path] of Object.entries(ROUTES)) {
    const c = await measure(`${store.url}${path}`);
    const r = await measure(`${store.url}${path}`, UNCACHED_COOKIE);
    say(
      `| ${name} | ${c.rps.toFixed(0)} | ${c.p50} ms | ${c.p99} ms | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${kb(r.bytes)} | ${c.errors + r.errors} |`,
    );
  }
  say();

  // The same build, seeded to 50,000 products and 100,000 orders before it is served (no other process has the database open meanwhile).
  prepareLargeState(LARGE_STATE, { orders: 100_000 });
  largeStore = await serveProductionBuild({ port: PORT + 1, state: LARGE_STATE, extraArgs: ["--no-build"] });
  say(`### Scale: 50,000 products and 100,000 orders (rendered, no edge cache; budget: p50 at most 1.5× of 35)`);
  say();
  say(`| route | shown at 35 / 50,000 | p50 at 35 | p50 at 50,000 | ratio | p99 at 50,000 | req/s at 50,000 |`);
  say(`| --- | --- | ---: | ---: | ---: | ---: | ---: |`);
  const [smallSeller, largeSeller] = [await sellerCookie(store), await sellerCookie(largeStore)];
  const scaled: [string, string, string, string][] = [
    ...SCALE_ROUTES.map((name): [string, string, string, string] => [name, ROUTES[name]!, UNCACHED_COOKIE, UNCACHED_COOKIE]),
    ["/seller/dashboard", "/seller/dashboard", smallSeller, largeSeller],
  ];
  for (const [name, path, smallCookie, largeCookie] of scaled) {
    const a = await measure(`${store.url}${path}`, smallCookie);
    const b = await measure(`${largeStore.url}${path}`, largeCookie);
    if (a.errors + b.errors > 0) throw new Error(`${name} answered errors under load (${a.errors} at 35, ${b.errors} at 50,000)`);
    const ratio = b.p50 / Math.max(1, a.p50);
    const counts = `${await shown(store, path, smallCookie)} / ${await shown(largeStore, path, largeCookie)}`;
    say(`| ${name} | ${counts} | ${a.p50} ms | ${b.p50} ms | ${ratio.toFixed(2)}${ratio > 1.5 ? " (over)" : ""} | ${b.p99} ms | ${b.rps.toFixed(0)} |`);
  }
  say();
  say(`Load average at the end: ${loadAverage()}.`);
} catch (error) {
  // A run that stops (a store killed by its neighbours) still logs what it measured, marked unfinished.
  if (lines.length) say(`\n_This run stopped here (${error instanceof Error ? error.message.split("\n")[0] : error}); the rest is missing._`);
  throw error;
} finally {
  store.stop();
  largeStore?.stop();
  floor.remove();
  if (lines.length) {
    // Newest first: the new section goes before the first one already there.
    const log = readFileSync(LOG, "utf8");
    const at = log.search(/^## /m);
    const section = `${lines.join("\n")}\n\n`;
    const text = at < 0 ? `${log.trimEnd()}\n\n${section}` : `${log.slice(0, at)}${section}${log.slice(at)}`;
    // In the house's format, so `npm run lint` passes with the new section.
    writeFileSync(LOG, await prettier.format(text, { ...(await prettier.resolveConfig(LOG)), filepath: LOG }));
    console.log("\nAdded to docs/performance-log.md");
  }
}
