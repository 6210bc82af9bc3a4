/**
 * `npm run test:load` (part of `npm test`): a burst on the page mix against the production build on
 * loopback (security checklist line 45): 200 requests per second for 30 seconds by default.
 * Prints requests per second, p50/p99 latency and the error count; exits non-zero on any error.
 * The busiest-hour scenario (`npm run load`) is scripts/load/busiest-hour.ts.
 *
 *   node scripts/load.ts [--rate 200] [--duration 30] [--url http://127.0.0.1:8787] [--no-build]
 *
 * Without --url it serves the production build itself (its own fresh state on port 8797);
 * --no-build reuses the current build (npm test reuses the one its bundle check made).
 */
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import { serveProductionBuild } from "./serve.ts";

const { values } = parseArgs({
  options: {
    rate: { type: "string", default: "200" },
    duration: { type: "string", default: "30" },
    url: { type: "string" },
    "no-build": { type: "boolean", default: false },
  },
});

/** What shoppers request, weighted roughly as a storefront sees it. */
const PAGE_MIX = [
  "/",
  "/products",
  "/products?search=rice",
  "/products/fruits",
  "/products/vegetables/seed-tomato-1-kg",
  "/api/product/list",
  "/images/seed/1f34e.webp",
  "/products/dairy",
];

const store = values.url
  ? { url: values.url, stop: () => {} }
  : await serveProductionBuild({
      port: Number(process.env.LOAD_PORT ?? 8797),
      state: ".wrangler/load-state",
      extraArgs: ["--fresh", ...(values["no-build"] ? ["--no-build"] : [])],
    });
try {
  const result = await autocannon({
    url: store.url,
    connections: 50,
    overallRate: Number(values.rate),
    duration: Number(values.duration),
    requests: PAGE_MIX.map((path) => ({ method: "GET", path })),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(`\nLoad: ${values.rate} req/s target for ${values.duration} s on ${PAGE_MIX.length} paths at ${store.url}`);
  console.log(`  requests/s  ${result.requests.average.toFixed(1)} (total ${result.requests.total})`);
  console.log(`  latency     p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  errors      ${errors} (connection ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`);
  console.log(`load: ${errors === 0 ? 1 : 0} passed, ${errors === 0 ? 0 : 1} failed`);
  process.exitCode = errors === 0 ? 0 : 1;
} finally {
  store.stop();
}
