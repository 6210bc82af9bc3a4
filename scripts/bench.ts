/**
 * `npm run bench`: the performance harness. Builds, serves the production build on loopback with
 * its own fresh state, and prints one table (also written to docs/benchmarks.md):
 *
 * - per page and key API route: requests/s, p50/p99 latency and bytes per response (autocannon),
 *   both from the edge cache (anonymous) and rendered (a request with a cookie skips the cache);
 * - first-load JavaScript and CSS per page (gzip);
 * - Lighthouse mobile and desktop scores (median of 5) for /, /products and a product page, the
 *   mobile CPU slowdown calibrated to the host run by run (scripts/lighthouse.ts);
 * - the rendered routes at 50,000 products, as ratios to 35 products: a second store of the same
 *   build seeded to 50,000, measured route by route alternately with the first so drift on this
 *   noisy machine hits both sides alike;
 * - server CPU per request at both sizes in Node (scripts/render-cpu.ts), with the D1 round trips,
 *   and at 35 in workerd itself (scripts/workerd-cpu.ts).
 *
 * Lighthouse and the workerd CPU figure are taken first, before the load runs, so that the figures
 * most sensitive to the machine's own load are read while nothing else has run (ADR 012).
 *
 *   npm run bench [-- --quick]   (--quick: 1 Lighthouse run, 3 s per route; for trying things out)
 */
import autocannon from "autocannon";
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { PAGES, ROUTES, UNCACHED_COOKIE } from "./bench-routes.ts";
import { CSS_BUDGET_KB, FIRST_LOAD_JS_BUDGET_KB, firstLoad } from "./first-load.ts";
import { lighthouseScores, lighthouseTable } from "./lighthouse.ts";
import { measureRenderCpu } from "./render-cpu.ts";
import { measureWorkerdCpu } from "./workerd-cpu.ts";
import { serveProductionBuild, type RunningStore } from "./serve.ts";

const { values } = parseArgs({ options: { quick: { type: "boolean", default: false } } });
const ROOT = resolve(import.meta.dirname, "..");
const STATE = ".wrangler/bench-state";
const LARGE_STATE = ".wrangler/bench-state-large";
const PORT = 8796;
const SECONDS = values.quick ? 3 : 8;
const WARM_UP_SECONDS = values.quick ? 1 : 2;
const LIGHTHOUSE_RUNS = values.quick ? 1 : 5;
const CPU_RUNS = values.quick ? 100 : 300;
const WORKERD_ROUNDS = values.quick ? 5 : 15;

/** The routes whose latency must hold at 50,000 products (budget: at most 1.5× of 35). */
const SCALE_ROUTES = ["/products", "/products/fruits", "search rice", "GET /api/product/list"];

type Load = { rps: number; p50: number; p99: number; bytes: number; errors: number };

async function load(url: string, cookie?: string): Promise<Load> {
  const result = await autocannon({ url, connections: 8, duration: SECONDS, headers: cookie ? { cookie } : {} });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}


/** Warm the route up (JIT, SQLite's page cache) unmeasured, then measure it. */
async function measure(store: RunningStore, name: string, cookie?: string): Promise<Load> {
  const url = `${store.url}${ROUTES[name]}`;
  await autocannon({ url, connections: 8, duration: WARM_UP_SECONDS, headers: cookie ? { cookie } : {} });
  return load(url, cookie);
}

async function loadAll(store: RunningStore, routes: string[], cookie?: string) {
  const results: Record<string, Load> = {};
  for (const name of routes) results[name] = await measure(store, name, cookie);
  return results;
}

/** How many products the route shows: the scale comparison is only fair read with it. */
async function productsShown(store: RunningStore, name: string): Promise<number> {
  const response = await fetch(`${store.url}${ROUTES[name]}`, { headers: { cookie: UNCACHED_COOKIE } });
  if (name.startsWith("GET /api")) return ((await response.json()) as { products: unknown[] }).products.length;
  return (await response.text()).match(/<article/g)?.length ?? 0;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// ---------------------------------------------------------------------------------------------
const lines: string[] = [];
const say = (line = "") => {
  console.log(line);
  lines.push(line);
};

const commit = execSync("git rev-parse --short HEAD", { cwd: ROOT }).toString().trim();
const dirty = execSync("git status --porcelain", { cwd: ROOT }).toString().trim() ? " (with uncommitted changes)" : "";
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;

const store = await serveProductionBuild({ port: PORT, state: STATE, extraArgs: ["--fresh"] });
let largeStore: RunningStore | undefined;
try {
  say(`# Benchmarks`);
  say();
  say(`Run on ${new Date().toISOString().slice(0, 16)}Z, commit ${commit}${dirty}, ${machine}.`);
  say(`Production build served by \`wrangler dev\` on loopback (local workerd, D1, KV, R2; wrangler's local trace recorder off, as in \`npm start\`); autocannon, 8 connections, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s per route.`);
  say(`One run's figures; compare them as ratios, since the machine is shared and noisy.`);
  say();

  // The figures most sensitive to the machine's own load first, while nothing else has run: the
  // browser's main thread (Lighthouse) and the Worker's CPU. The load runs come after them.
  const scores = await lighthouseScores(store.url, LIGHTHOUSE_RUNS);
  const workerd = await measureWorkerdCpu({ state: STATE, rounds: WORKERD_ROUNDS });
  const cached = await loadAll(store, Object.keys(ROUTES));
  const rendered = await loadAll(store, Object.keys(ROUTES), UNCACHED_COOKIE);
  say(`## Routes at 35 products`);
  say();
  say(`| route | edge-cached req/s | p50 | p99 | rendered req/s | p50 | p99 | bytes | errors |`);
  say(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
  for (const name of Object.keys(ROUTES)) {
    const c = cached[name]!;
    const r = rendered[name]!;
    say(`| ${name} | ${c.rps.toFixed(0)} | ${c.p50} ms | ${c.p99} ms | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${kb(r.bytes)} | ${c.errors + r.errors} |`);
  }
  say();

  say(`## First load (gzip)`);
  say();
  say(`| page | JavaScript | budget | CSS (inlined) | budget | third-party scripts |`);
  say(`| --- | ---: | ---: | ---: | ---: | ---: |`);
  for (const [name, path] of Object.entries({ ...PAGES, cart: "/cart" })) {
    const f = await firstLoad(store.url, path);
    say(`| ${name} (${path}) | ${kb(f.js)} | ${name === "home" ? `${FIRST_LOAD_JS_BUDGET_KB} KB` : ""} | ${kb(f.css)} | ${CSS_BUDGET_KB} KB | ${f.thirdParty} |`);
  }
  say();

  say(`## Lighthouse (median of ${LIGHTHOUSE_RUNS})`);
  say();
  for (const line of lighthouseTable(scores, LIGHTHOUSE_RUNS)) say(line);
  say();

  // The same build again, seeded to 50,000 products, measured alternately with the first store.
  largeStore = await serveProductionBuild({ port: PORT + 1, state: LARGE_STATE, extraArgs: ["--fresh", "--no-build"] });
  execSync(`node scripts/seed-large.ts --count 50000 --state ${LARGE_STATE}`, { cwd: ROOT, stdio: "inherit" });
  say(`## Scale: 50,000 products (rendered, no edge cache)`);
  say();
  say(`| route | products shown at 35 / 50,000 | p50 at 35 | p50 at 50,000 | ratio | p99 at 50,000 | req/s at 50,000 | budget |`);
  say(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |`);
  for (const name of SCALE_ROUTES) {
    const small = await measure(store, name, UNCACHED_COOKIE);
    const big = await measure(largeStore, name, UNCACHED_COOKIE);
    const ratio = big.p50 / Math.max(1, small.p50);
    const shown = `${await productsShown(store, name)} / ${await productsShown(largeStore, name)}`;
    say(`| ${name} | ${shown} | ${small.p50} ms | ${big.p50} ms | ${ratio.toFixed(2)} | ${big.p99} ms | ${big.rps.toFixed(0)} | ≤ 1.5 ${ratio <= 1.5 ? "✓" : "✗"} |`);
  }
  say();

  say(`## Server CPU per request (rendered for a guest; budget for a listing: 3 ms)`);
  say();
  say(`- **Node**: the production Worker bundle driven in Node (the same V8) against the same local D1,`);
  say(`  the CPU spent inside D1 calls subtracted (I/O for a deployed Worker); median of ${CPU_RUNS} (scripts/render-cpu.ts).`);
  say(`- **workerd** (the figure held to the budget): the same bundle in a bare local workerd, the kernel's account of`);
  say(`  that process's CPU time around each request, median over the requests less the median of a request answered`);
  say(`  without work (scripts/workerd-cpu.ts). What Cloudflare does outside the Worker is kept out: D1 is served from`);
  say(`  outside the process (the Worker's own D1 client is counted) and pages are not compressed (ADR 012).`);
  say();
  const cpuSmall = await measureRenderCpu({ state: STATE, runs: CPU_RUNS });
  const cpuLarge = await measureRenderCpu({ state: LARGE_STATE, runs: CPU_RUNS });
  say(`| route | Node, at 35 | Node, at 50,000 | workerd, at 35 | workerd, lowest to highest round | D1 round trips |`);
  say(`| --- | ---: | ---: | ---: | ---: | ---: |`);
  for (const name of Object.keys(ROUTES)) {
    const a = cpuSmall[name]!;
    const b = cpuLarge[name]!;
    const range = workerd?.roundRangeMs[name];
    const w = workerd && range ? `${workerd.cpuMs[name]!.toFixed(2)} ms | ${range[0].toFixed(2)} to ${range[1].toFixed(2)} ms` : "(Linux only) | ";
    say(`| ${name} | ${a.cpuMs.toFixed(2)} ms | ${b.cpuMs.toFixed(2)} ms | ${w} | ${Math.max(a.d1Calls, b.d1Calls)} |`);
  }
  if (workerd) {
    say(`\nworkerd: ${workerd.requestsPerRoute} requests per route in rounds of ${workerd.requestsPerRound}; baseline subtracted: ${workerd.baselineMs.toFixed(2)} ms per request.`);
    say(`A round's figure is its median less that round's baseline median; their range shows how far the host drifted.`);
  }
  say();
} finally {
  store.stop();
  largeStore?.stop();
}

writeFileSync(join(ROOT, "docs", "benchmarks.md"), `${lines.join("\n")}\n`);
console.log("\nWritten to docs/benchmarks.md");
