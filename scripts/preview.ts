/**
 * A branch's Worker Preview with its own D1, KV and R2 (ADR 025). Run by CI after `npm run build`;
 * needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID like any remote wrangler command.
 *
 *   node scripts/preview.ts deploy --branch <branch>   create or update the branch's Preview
 *   node scripts/preview.ts delete --branch <branch>   delete the Preview and its resources
 *
 * deploy, every time:
 *   1. finds or creates the branch's D1 database, KV namespace and R2 bucket (scripts/preview-config.ts names them);
 *   2. applies migrations/ to that database, then seeds it and the bucket with the demo catalogue
 *      (scripts/seed.ts through remote bindings), so the branch's code meets its own schema;
 *   3. binds the build's `previews` block (build/server/wrangler.json) to them and to the Preview's
 *      URL, refuses to go on if any Preview binding could reach production, and runs
 *      `wrangler preview --ignore-base-config` (nothing set in the dashboard is added), with the
 *      Preview's secrets from PREVIEW_* variables, never production's.
 *
 * Environment: WORKERS_SUBDOMAIN (the account's workers.dev subdomain, for APP_URL);
 * PREVIEW_SESSION_SECRET, PREVIEW_SELLER_EMAIL, PREVIEW_SELLER_PASSWORD (required);
 * PREVIEW_STRIPE_SECRET_KEY and PREVIEW_STRIPE_WEBHOOK_SECRET (optional, Stripe test mode only).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { previewIsolationProblems, previewName, previewResourceNames, previewUrl, withPreviewResources, type WranglerConfig } from "./preview-config.ts";

const root = resolve(import.meta.dirname, "..");
const BUILT_CONFIG = join(root, "build/server/wrangler.json");
const env = { ...process.env, PATH: `${join(root, "node_modules", ".bin")}${delimiter}${process.env.PATH}`, WRANGLER_SEND_METRICS: "false" };

const { positionals, values } = parseArgs({ allowPositionals: true, options: { branch: { type: "string" } } });
const [action] = positionals;
if ((action !== "deploy" && action !== "delete") || !values.branch) {
  console.error("usage: node scripts/preview.ts deploy|delete --branch <branch>");
  process.exit(2);
}
const name = previewName(values.branch);
const names = previewResourceNames(name);
const work = mkdtempSync(join(tmpdir(), "grocery-preview-"));

function wrangler(args: string[], options: { allowFailure?: boolean } = {}): string {
  const result = spawnSync("wrangler", args, { cwd: root, env, encoding: "utf8" });
  if (result.status !== 0 && !options.allowFailure) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function required(variable: string): string {
  const value = process.env[variable];
  if (!value) throw new Error(`${variable} is not set`);
  return value;
}

/** The JSON array a listing command prints (after any banner). */
const listed = <T>(stdout: string): T[] => JSON.parse(stdout.slice(stdout.indexOf("["))) as T[];
const findDatabase = () => listed<{ name: string; uuid: string }>(wrangler(["d1", "list", "--json"])).find((d) => d.name === names.database)?.uuid;
const findNamespace = () => listed<{ title: string; id: string }>(wrangler(["kv", "namespace", "list"])).find((n) => n.title === names.sessions)?.id;
const bucketExists = () =>
  wrangler(["r2", "bucket", "list"])
    .split("\n")
    .some((line) => line.trim() === `name: ${names.images}`);

/** A configuration naming only the Preview's own D1 and R2, through remote bindings: what migrations and the seed touch. */
function resourcesConfig(databaseId: string): string {
  const path = join(work, "preview-resources.json");
  const config = {
    name: `edge-grocery-preview-${name}`,
    compatibility_date: "2026-10-01",
    d1_databases: [{ binding: "DB", database_name: names.database, database_id: databaseId, migrations_dir: join(root, "migrations"), remote: true }],
    r2_buckets: [{ binding: "IMAGES", bucket_name: names.images, remote: true }],
  };
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

async function deploy() {
  const workersSubdomain = required("WORKERS_SUBDOMAIN");
  const secrets: Record<string, string> = {
    SESSION_SECRET: required("PREVIEW_SESSION_SECRET"),
    SELLER_EMAIL: required("PREVIEW_SELLER_EMAIL"),
    SELLER_PASSWORD: required("PREVIEW_SELLER_PASSWORD"),
  };
  if (process.env.PREVIEW_STRIPE_SECRET_KEY) {
    if (!process.env.PREVIEW_STRIPE_SECRET_KEY.startsWith("sk_test_")) throw new Error("PREVIEW_STRIPE_SECRET_KEY must be a test-mode key (sk_test_…)");
    secrets.STRIPE_SECRET_KEY = process.env.PREVIEW_STRIPE_SECRET_KEY;
    secrets.STRIPE_WEBHOOK_SECRET = required("PREVIEW_STRIPE_WEBHOOK_SECRET");
  }

  if (!findDatabase()) wrangler(["d1", "create", names.database]);
  const databaseId = findDatabase();
  if (!databaseId) throw new Error(`D1 database ${names.database} not found after creating it`);
  if (!findNamespace()) wrangler(["kv", "namespace", "create", names.sessions]);
  const sessionsId = findNamespace();
  if (!sessionsId) throw new Error(`KV namespace ${names.sessions} not found after creating it`);
  if (!bucketExists()) wrangler(["r2", "bucket", "create", names.images]);
  console.log(`Preview ${name}: D1 ${names.database} (${databaseId}), KV ${names.sessions} (${sessionsId}), R2 ${names.images}`);

  const resources = resourcesConfig(databaseId);
  console.log(wrangler(["d1", "migrations", "apply", "DB", "--remote", "--config", resources]));
  const seed = spawnSync("node", ["scripts/seed.ts", "--config", resources, "--remote"], { cwd: root, env, stdio: "inherit" });
  if (seed.status !== 0) throw new Error("seeding the Preview's database and bucket failed");

  const built = JSON.parse(readFileSync(BUILT_CONFIG, "utf8")) as WranglerConfig;
  const bound = withPreviewResources(
    built,
    { databaseName: names.database, databaseId, sessionsId, imagesBucket: names.images },
    previewUrl(built, name, workersSubdomain),
  );
  const problems = previewIsolationProblems(bound, { requireResources: true });
  if (problems.length > 0) throw new Error(`Refusing to deploy the Preview:\n- ${problems.join("\n- ")}`);
  writeFileSync(BUILT_CONFIG, JSON.stringify(bound, null, 2));

  const secretsFile = join(work, "secrets.json");
  writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  // wrangler preview reads build/server/wrangler.json through the build's redirect, as deploy does.
  console.log(wrangler(["preview", "--name", name, "--ignore-base-config", "--secrets-file", secretsFile]));
}

async function remove() {
  wrangler(["preview", "delete", "--name", name, "--skip-confirmation"], { allowFailure: true });
  const databaseId = findDatabase();
  if (bucketExists()) {
    // R2 deletes only an empty bucket.
    const { env: bound, dispose } = await getPlatformProxy<{ IMAGES: R2Bucket }>({
      configPath: resourcesConfig(databaseId ?? "none"),
      persist: false,
      remoteBindings: true,
    });
    try {
      for (let listed = await bound.IMAGES.list(); listed.objects.length > 0; listed = await bound.IMAGES.list()) {
        await bound.IMAGES.delete(listed.objects.map((o) => o.key));
      }
    } finally {
      await dispose();
    }
    wrangler(["r2", "bucket", "delete", names.images]);
  }
  if (databaseId) wrangler(["d1", "delete", names.database, "--skip-confirmation"]);
  const sessionsId = findNamespace();
  if (sessionsId) wrangler(["kv", "namespace", "delete", "--namespace-id", sessionsId, "--skip-confirmation"]);
  console.log(`Preview ${name} and its resources deleted`);
}

try {
  await (action === "deploy" ? deploy() : remove());
} finally {
  rmSync(work, { recursive: true, force: true });
}
