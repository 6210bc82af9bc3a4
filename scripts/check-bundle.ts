/**
 * `npm run test:bundle`: what can be checked of a deploy offline. Builds, then runs
 * `wrangler deploy --dry-run` (bundling and validating the Worker and its bindings without an
 * account) and holds the Worker to its budget: at most 1 MiB gzipped.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";

const BUDGET_KIB = 1024;
const root = resolve(import.meta.dirname, "..");
// No banner: its update check would ask the npm registry for wrangler's latest version.
const env = {
  ...process.env,
  PATH: `${join(root, "node_modules", ".bin")}${delimiter}${process.env.PATH}`,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
};

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("react-router", ["build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const outdir = mkdtempSync(join(tmpdir(), "grocery-dry-run-"));
const dryRun = spawnSync("wrangler", ["deploy", "--dry-run", "--outdir", outdir], { cwd: root, env, encoding: "utf8" });
const output = `${dryRun.stdout}\n${dryRun.stderr}`;
const match = output.match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);

let failed = 0;
if (dryRun.status !== 0 || !match) {
  console.error(output);
  console.error("✗ wrangler deploy --dry-run failed");
  failed++;
} else {
  const gzipKiB = Number(match[2]);
  const ok = gzipKiB <= BUDGET_KIB;
  console.log(`${ok ? "✓" : "✗"} Worker bundle: ${match[1]} KiB, ${gzipKiB} KiB gzipped (budget ${BUDGET_KIB} KiB)`);
  if (!ok) failed++;
}

console.log(`bundle: ${1 - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
