/**
 * The busiest hour's report: the per-route table, the totals, the consistency checks. Printed,
 * and written as the "Busiest hour" section of docs/benchmarks.md: to its own file
 * (docs/benchmarks-busiest-hour.md, which `npm run bench` includes when it rewrites the page) and
 * into benchmarks.md itself, in place of the section a previous run wrote.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CheckResult } from "./consistency.ts";
import { totals, type RouteSummary } from "./recorder.ts";

export type RunFacts = {
  when: string;
  commit: string;
  machine: string;
  products: number;
  shoppers: number;
  guests: number;
  seconds: number;
  /** From the first step to the last answer: steps start within `seconds`, the last ones answer later. */
  elapsedSeconds: number;
  thinkMs: number;
  loadAverage: { before: string; highest: string; after: string };
  /** CPU the load generator itself used, in seconds (it shares the cores with the store). */
  generatorCpuSeconds: number;
  orders: { cod: number; card: number; paid: number; cancelled: number; soldOut: number; edits: number };
};

/** The share of requests that may fail: see ADR 042. */
export const ERROR_BUDGET = 0.001;

const ms = (value: number) => `${Math.round(value)} ms`;
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(2)}%`;

export function reportLines(facts: RunFacts, routes: RouteSummary[], checks: CheckResult[]): string[] {
  const sum = totals(routes);
  const placed = facts.orders.cod + facts.orders.card;
  const lines = [
    `## Busiest hour`,
    ``,
    `\`npm run load\` (scripts/load/busiest-hour.ts), run on ${facts.when}, commit ${facts.commit}, ${facts.machine}.`,
    `${facts.shoppers} people at once for ${facts.seconds} s (the last answer came at ${facts.elapsedSeconds.toFixed(0)} s) against the production build on loopback (\`wrangler dev\`, local D1, KV, R2, the fake Stripe),`,
    `at ${facts.products.toLocaleString("en-US")} products: ${facts.shoppers - facts.guests} signed in (browsing, searching, filling their carts, checking out by cash on delivery`,
    `or card), ${facts.guests} guests browsing, and the seller repricing and restocking products and looking at orders. Each person pauses`,
    `${facts.thinkMs / 2}–${(facts.thinkMs * 3) / 2} ms between steps; half the page views are client-side \`.data\` navigations. Sign-ups and addresses are made`,
    `before the hour starts. The load generator runs on the same 2 cores as the store (it used ${facts.generatorCpuSeconds.toFixed(1)} s of CPU);`,
    `load average ${facts.loadAverage.before} before, ${facts.loadAverage.highest} at its highest during the run, ${facts.loadAverage.after} after.`,
    ``,
    `| who | route | requests | p50 | p99 | max | refused (409) | rate-limited (429) | errors |`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |`,
    ...routes.map(
      (r) =>
        `| ${r.persona} | ${r.route} | ${r.requests} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.outcomes.refused || ""} | ${r.outcomes["rate-limited"] || ""} | ${
          [...r.errors].map(([status, n]) => `${n} × ${status}`).join(", ") || "0"
        } |`,
    ),
    ``,
    `- **Requests**: ${sum.requests} in ${facts.elapsedSeconds.toFixed(0)} s, **${(sum.requests / facts.elapsedSeconds).toFixed(1)} requests/s**; errors ${sum.error} (${percent(sum.error, sum.requests)}, budget ${(ERROR_BUDGET * 100).toFixed(1)}%),`,
    `  refused ${sum.refused}, rate-limited ${sum["rate-limited"]} (the store's own brakes, counted apart).`,
    `- **Orders**: ${placed} placed, **${((placed * 60) / facts.elapsedSeconds).toFixed(0)} orders/minute** (${facts.orders.cod} cash on delivery, ${facts.orders.card} by card, ${facts.orders.paid} of them paid);`,
    `  ${facts.orders.cancelled} cancelled by their shoppers; ${facts.orders.soldOut} checkouts refused because something had sold out; ${facts.orders.edits} seller edits.`,
    ``,
    `| check in D1 afterwards | checked | result |`,
    `| --- | ---: | --- |`,
    ...checks.map((c) => `| ${c.name} | ${c.checked} | ${c.passed ? "✓" : `✗ ${c.problems.length} problems: ${c.problems.slice(0, 3).join("; ")}`} |`),
    ``,
    `Result: **${passed(routes, checks, placed) ? "passed" : "failed"}** (passing needs every check, errors within the budget and at least one order placed).`,
  ];
  return lines;
}

/** Whether the run passed: every check, errors within the budget, and orders placed (checks of no orders prove little). */
export function passed(routes: RouteSummary[], checks: CheckResult[], ordersPlaced: number): boolean {
  const sum = totals(routes);
  return checks.every((c) => c.passed) && sum.error <= ERROR_BUDGET * sum.requests && ordersPlaced > 0;
}

export function writeSection(root: string, lines: string[]): void {
  const section = `${lines.join("\n")}\n`;
  writeFileSync(join(root, "docs", "benchmarks-busiest-hour.md"), section);
  const page = join(root, "docs", "benchmarks.md");
  const text = existsSync(page) ? readFileSync(page, "utf8") : "# Benchmarks\n";
  const start = text.indexOf("\n## Busiest hour\n");
  const next = start < 0 ? -1 : text.indexOf("\n## ", start + 1);
  const before = start < 0 ? text.trimEnd() : text.slice(0, start).trimEnd();
  const after = next < 0 ? "" : `\n${text.slice(next + 1)}`;
  writeFileSync(page, `${before}\n\n${section}${after}`);
}
