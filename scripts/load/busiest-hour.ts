/**
 * `npm run load`: the store's busiest hour, compressed (issue 18). 200 people at once for 60 s
 * against the production build on loopback, at 50,000 products: signed-in shoppers browsing,
 * searching, filling carts and checking out (cash on delivery, and card through the fake Stripe),
 * guests browsing, and the seller repricing and restocking. Then, with the store stopped, checks
 * in its D1 that no unit was oversold, no order lost and no cart corrupted (consistency.ts).
 * Prints the per-route table and the checks, writes them into docs/benchmarks.md ("Busiest hour"),
 * and exits non-zero if a check fails or more than ERROR_BUDGET of the requests failed.
 *
 *   npm run load -- [--shoppers 200] [--seconds 60] [--products 50000] [--think 1000] [--no-build]
 *
 * --products: the catalogue grown to that many (scripts/seed-large.ts, as the bench's large store),
 * besides the 35 demo products; --think: a person's mean pause between steps, in ms.
 *
 * Never the internet: the store, the fake Stripe and the shoppers are all on 127.0.0.1. Its own
 * fresh state (.wrangler/busiest-hour-state) and port (LOAD_PORT, else 8798). The short burst
 * `npm test` runs is scripts/load.ts (`npm run test:load`).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { commitLabel, loadAverage, machineLabel } from "../../bench/run-facts.ts";
import { readDevVars } from "../dev-vars.ts";
import { prepareLargeState } from "../large-state.ts";
import { openLocalStorage } from "../local-storage.ts";
import { serveProductionBuild } from "../serve.ts";
import { prepareCatalogue } from "./catalogue.ts";
import { Client } from "./client.ts";
import { checkConsistency, type LoadLedger } from "./consistency.ts";
import { Recorder } from "./recorder.ts";
import { passed, reportLines, writeSection } from "./report.ts";
import { untilTimeUp, type Scenario } from "./scenario.ts";
import { sellerJourney, sellerSignIn } from "./seller.ts";
import { guestJourney, shopperJourney, signUp, type Shopper } from "./shoppers.ts";

const { values } = parseArgs({
  options: {
    shoppers: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    products: { type: "string", default: "50000" },
    think: { type: "string", default: "1000" },
    "no-build": { type: "boolean", default: false },
  },
});
const ROOT = resolve(import.meta.dirname, "../..");
const STATE = ".wrangler/busiest-hour-state";
const PORT = Number(process.env.LOAD_PORT ?? 8798);
const PEOPLE = Number(values.shoppers);
const SECONDS = Number(values.seconds);
/** Three in ten browse without an account: their catalogue pages come from the edge cache. */
const GUESTS = Math.round(PEOPLE * 0.3);
/** Everyone arrives within the first 5 s, not in the same millisecond. */
const RAMP_MS = 5000;
/** Paid card orders are marked paid by Stripe's webhook; if that ever goes through a queue, give it this long to land. */
const SETTLE_MS = 30_000;

const commit = commitLabel();
console.log(`Busiest hour: preparing ${Number(values.products).toLocaleString("en-US")} products in ${STATE}…`);
prepareLargeState(STATE, { count: Number(values.products) });
const catalogue = await prepareCatalogue(STATE);
const store = await serveProductionBuild({ port: PORT, state: STATE, extraArgs: ["--fake-stripe", ...(values["no-build"] ? ["--no-build"] : [])] });

const recorder = new Recorder();
/** 198.18.0.0/15: the addresses set aside for benchmarks (RFC 2544), one per person. */
const ip = (n: number) => `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const ledger: Omit<LoadLedger, "payments"> = { initialStock: catalogue.initialStock, placed: [], offerPrices: {}, shopperIds: [] };
try {
  console.log(`Signing up ${PEOPLE - GUESTS} shoppers…`);
  const shoppers: Shopper[] = [];
  await pool(PEOPLE - GUESTS, 4, async (n) => {
    shoppers.push(await signUp(new Client(store.url, recorder, "shopper", ip(n)), n));
  });
  ledger.shopperIds = shoppers.map((s) => s.userId);
  for (const p of catalogue.repriced) ledger.offerPrices[p.id] = [p.offerPricePaise];
  const guests = Array.from({ length: GUESTS }, (_, n) => new Client(store.url, recorder, "guest", ip(PEOPLE - GUESTS + n)));
  const seller = new Client(store.url, recorder, "seller", ip(PEOPLE));
  const vars = readDevVars();
  await sellerSignIn(seller, { email: vars.SELLER_EMAIL!, password: vars.SELLER_PASSWORD! });
  recorder.clear();

  console.log(`Running: ${PEOPLE} people for ${SECONDS} s…`);
  const started = Date.now();
  const scenario: Scenario = {
    origin: store.url,
    recorder,
    catalogue,
    deadline: started + SECONDS * 1000,
    thinkMs: Number(values.think),
    ledger,
    counts: { cod: 0, card: 0, paid: 0, cancelled: 0, soldOut: 0, edits: 0 },
  };
  const loadBefore = loadAverage();
  let highest = 0;
  const sampler = setInterval(() => (highest = Math.max(highest, Number(loadAverage().split(",")[0]))), 2000);
  const cpuBefore = process.cpuUsage();
  const arrive = (n: number, journey: () => Promise<void>) => new Promise((r) => setTimeout(r, (n * RAMP_MS) / PEOPLE)).then(() => untilTimeUp(journey));
  await Promise.all([
    ...shoppers.map((shopper, n) => arrive(n, () => shopperJourney(scenario, shopper))),
    ...guests.map((guest, n) => arrive(PEOPLE - GUESTS + n, () => guestJourney(scenario, guest))),
    untilTimeUp(() => sellerJourney(scenario, seller)),
  ]);
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  const elapsedSeconds = (Date.now() - started) / 1000;
  const routes = recorder.summary();

  const payments = await settlePayments(scenario, shoppers);
  store.stop();
  await untilClosed(store.url);

  const { env, dispose } = await openLocalStorage(STATE);
  const checks = await checkConsistency(env.DB, { ...ledger, payments }).finally(dispose);

  const lines = reportLines(
    {
      when: `${new Date(started).toISOString().slice(0, 16)}Z`,
      commit,
      machine: machineLabel(),
      products: catalogue.productCount,
      shoppers: PEOPLE,
      guests: GUESTS,
      seconds: SECONDS,
      elapsedSeconds,
      thinkMs: scenario.thinkMs,
      loadAverage: { before: loadBefore, highest: highest.toFixed(1), after: loadAverage() },
      generatorCpuSeconds: (cpu.user + cpu.system) / 1e6,
      orders: scenario.counts,
    },
    routes,
    checks,
  );
  console.log(`\n${lines.join("\n")}`);
  for (const check of checks.filter((c) => !c.passed)) console.log(`\n✗ ${check.name}:\n  ${check.problems.slice(0, 20).join("\n  ")}`);
  writeSection(ROOT, lines);
  console.log("\nWritten to docs/benchmarks.md (Busiest hour) and docs/benchmarks-busiest-hour.md");
  const ok = passed(routes, checks, scenario.counts.cod + scenario.counts.card);
  console.log(`load: ${ok ? "passed" : "FAILED"}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  store.stop();
}

/**
 * The card payments the fake Stripe took, once the store shows each of them paid to its shopper
 * (or SETTLE_MS passed: the check then reports what is missing).
 */
async function settlePayments(scenario: Scenario, shoppers: Shopper[]): Promise<LoadLedger["payments"]> {
  if (!scenario.stripeOrigin) return [];
  const sessions = (await (await fetch(`${scenario.stripeOrigin}/__sessions`)).json()) as {
    payment_status: string;
    amount_total: number;
    metadata: { orderId: string };
  }[];
  const payments = sessions.filter((s) => s.payment_status === "paid").map((s) => ({ orderId: s.metadata.orderId, amountPaise: s.amount_total }));
  const owner = new Map(scenario.ledger.placed.map((o) => [o.orderId, o.userId]));
  const waiting = new Set(payments.map((p) => p.orderId));
  const deadline = Date.now() + SETTLE_MS;
  while (waiting.size > 0 && Date.now() < deadline) {
    for (const shopper of shoppers.filter((s) => [...waiting].some((id) => owner.get(id) === s.userId))) {
      const reply = await shopper.client.request("settle GET /api/order/user", "/api/order/user");
      for (const order of reply?.status === 200 ? reply.json<{ orders: { _id: string; isPaid: boolean }[] }>().orders : []) {
        if (order.isPaid) waiting.delete(order._id);
      }
    }
    if (waiting.size > 0) await new Promise((r) => setTimeout(r, 1000));
  }
  return payments;
}

/** Waits until the stopped store no longer answers, so its database is closed before the checks open it. */
async function untilClosed(url: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
    } catch {
      await new Promise((r) => setTimeout(r, 1000)); // the port is closed; give workerd a moment to let go of its files
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Runs `count` tasks, `parallel` at a time. */
async function pool(count: number, parallel: number, task: (n: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await task(next++);
    }),
  );
}
