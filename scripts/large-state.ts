/**
 * A fresh local state holding the demo catalogue grown to 50,000 products: what the benchmark
 * (bench/bench.ts) and the busiest-hour load (scripts/load/busiest-hour.ts) measure the store at.
 * Prepared before any store serves it, so no other process has the database open while the rows go in.
 */
import { execSync } from "node:child_process";
import { rmSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

/**
 * Empties `state`, migrates it, seeds the demo catalogue, then grows it to `count` products and
 * `orders` orders of history (the seller's dashboard at scale; none by default), tried up to three
 * times: the seeding is idempotent.
 */
export function prepareLargeState(state: string, { count = 50_000, orders = 0 }: { count?: number; orders?: number } = {}): void {
  rmSync(join(ROOT, state), { recursive: true, force: true });
  const env = { ...process.env, PATH: `${join(ROOT, "node_modules", ".bin")}${delimiter}${process.env.PATH}`, WRANGLER_SEND_METRICS: "false" };
  const run = (command: string) => execSync(command, { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
  run(`wrangler d1 migrations apply DB --local --persist-to ${state}`);
  run(`node scripts/seed.ts --state ${state}`);
  for (let attempt = 1; ; attempt++) {
    try {
      run(`node scripts/seed-large.ts --count ${count} --orders ${orders} --state ${state}`);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(
        `seeding ${count.toLocaleString("en-US")} products${orders ? ` and ${orders.toLocaleString("en-US")} orders` : ""} failed (attempt ${attempt}); again`,
      );
    }
  }
}
