/**
 * `npm run measure:d1-orders`: how many orders a second the store's own order placement gets
 * through local D1 on this machine, the reference point for docs/scale.md. Bounded: a fresh
 * throwaway state, migrated; 40 warm-up orders, then N orders (default 400) one at a time and
 * N at 8 in flight; prints orders/s and ms per order for each, then the bytes each order and
 * each product adds to the database (D1's own size figure), for the storage estimates.
 *
 *   node scripts/measure-d1-orders.ts [--orders 400] [--concurrency 8]
 *
 * Each order is the service's real work: a read of the products and the address, then one D1
 * batch (availability before, the order, two lines, two counted-stock updates, the emptied cart,
 * availability after), through placeOrder in local workerd (scripts/measure-d1-orders.worker.ts).
 * Local D1 is SQLite behind Miniflare's JavaScript simulation on the same cores as the Worker,
 * so this is not Cloudflare's figure: it shows the cost of one order's statements, not D1's
 * network round trips (ADR 012 for what Miniflare adds).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { unstable_dev } from "wrangler";

const { values } = parseArgs({ options: { orders: { type: "string", default: "400" }, concurrency: { type: "string", default: "8" } } });
const orders = Number(values.orders);
const concurrency = Number(values.concurrency);

const root = resolve(import.meta.dirname, "..");
const env = { ...process.env, PATH: `${join(root, "node_modules", ".bin")}${delimiter}${process.env.PATH}`, WRANGLER_SEND_METRICS: "false" };
const state = mkdtempSync(join(tmpdir(), "grocery-measure-d1-"));

try {
  const migrate = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { cwd: root, env, encoding: "utf8" });
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);

  const worker = await unstable_dev(join(root, "scripts/measure-d1-orders.worker.ts"), {
    config: join(root, "wrangler.toml"),
    persistTo: state,
    logLevel: "error",
    experimental: { disableExperimentalWarning: true, disableDevRegistry: true },
  });
  try {
    const post = async (path: string) => {
      const response = await worker.fetch(path, { method: "POST" });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${(await response.text()).slice(0, 500)}`);
      return response;
    };
    const place = async (count: number, inFlight: number) => {
      const started = performance.now();
      const { placed } = (await (await post(`/place?count=${count}&concurrency=${inFlight}`)).json()) as { placed: number };
      const seconds = (performance.now() - started) / 1000;
      if (placed !== count) throw new Error(`placed ${placed} of ${count}`);
      return { perSecond: count / seconds, msEach: (seconds * 1000) / count };
    };

    const size = async () => ((await (await worker.fetch("/size")).json()) as { bytes: number }).bytes;
    await post("/setup");
    const empty = await size();
    await place(40, concurrency); // warm-up: compile, caches
    const serial = await place(orders, 1);
    const parallel = await place(orders, concurrency);
    const withOrders = await size();
    const productCount = 2000;
    await post(`/products?count=${productCount}`);
    const withProducts = await size();
    console.log(`Local D1 order placement, ${orders} orders each way (${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, Node ${process.version}):`);
    console.log(`  one at a time    ${serial.perSecond.toFixed(0)} orders/s  (${serial.msEach.toFixed(2)} ms each)`);
    console.log(`  ${concurrency} in flight      ${parallel.perSecond.toFixed(0)} orders/s  (${parallel.msEach.toFixed(2)} ms of wall time per order)`);
    console.log(`  = ${(Math.max(serial.perSecond, parallel.perSecond) * 60).toFixed(0)} orders a minute at the better rate`);
    console.log(
      `Database growth: ${((withOrders - empty) / (40 + 2 * orders)).toFixed(0)} bytes per order (two lines), ${((withProducts - withOrders) / productCount).toFixed(0)} bytes per product (with its search index)`,
    );
  } finally {
    await worker.stop();
  }
} finally {
  rmSync(state, { recursive: true, force: true });
}
