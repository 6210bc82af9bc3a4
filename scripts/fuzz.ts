/**
 * `npm run fuzz`: the long fuzz pass. `npm test` runs the same properties with a bounded number of
 * requests; this runs many more, each time from a new random seed (printed, so a failure can be
 * replayed with --seed).
 *
 *   npm run fuzz -- [--runs 5000] [--seed 1234] [--pages]
 *
 * - the runtime fuzz of every /api route and /images (tests/worker/fuzz.test.ts), in workerd with
 *   real local D1, KV and R2;
 * - with --pages, also the page fuzz against the production build (tests/e2e/fuzz-pages.spec.ts;
 *   Playwright builds and serves it on E2E_PORT, 8799 by default).
 */
import { spawnSync } from "node:child_process";
import { delimiter, join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5000" },
    seed: { type: "string" },
    pages: { type: "boolean", default: false },
  },
});

const root = resolve(import.meta.dirname, "..");
const seed = values.seed ?? String(Math.floor(Math.random() * 2 ** 31));
const env = {
  ...process.env,
  PATH: `${join(root, "node_modules", ".bin")}${delimiter}${process.env.PATH}`,
  FUZZ_RUNS: values.runs,
  FUZZ_SEED: seed,
  WRANGLER_SEND_METRICS: "false",
};
console.log(`fuzz: ${values.runs} runs per property, seed ${seed} (replay with --seed ${seed})`);

const steps: [string, string[]][] = [["vitest", ["run", "tests/worker/fuzz.test.ts"]]];
if (values.pages) steps.push(["playwright", ["test", "tests/e2e/fuzz-pages.spec.ts", "--project=chromium", "--workers=1"]]);

for (const [command, args] of steps) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`✗ ${command} ${args.join(" ")} failed (seed ${seed})`);
    process.exit(result.status ?? 1);
  }
}
console.log("✓ fuzz passed");
