/**
 * `npm start`: build, migrate the local D1, seed the demo catalogue, serve the production build.
 *
 *   node scripts/start.ts [--port 8787] [--state .wrangler/state] [--fresh] [--no-build] [--fake-stripe]
 *
 * PORT in the environment overrides the default port; CORS_ORIGINS lets other front ends call the
 * API (comma-separated origins). --fresh starts from empty local storage
 * (the browser tests use it with their own --state). --fake-stripe runs card payments against the
 * in-repo fake Stripe server (offline demos and the browser tests), whatever .dev.vars says.
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ensureDevVars, readDevVars } from "./dev-vars.ts";
import { runScheduledJobsEveryMinute } from "./local-cron.ts";

const root = resolve(import.meta.dirname, "..");
process.chdir(root);
process.env.PATH = `${join(root, "node_modules", ".bin")}${delimiter}${process.env.PATH}`;

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "8787" },
    state: { type: "string", default: ".wrangler/state" },
    fresh: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    "fake-stripe": { type: "boolean", default: false },
  },
});
const port = values.port!;
const state = values.state!;

/** Run a step quietly: one line when it succeeds (`done` reads its output), everything it printed when it fails. */
function step(command: string, args: string[], done: (output: string) => string) {
  const result = spawnSync(command, args, { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true" } });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0) {
    console.error(`${output}\n✗ ${command} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(done(output));
}

ensureDevVars();
if (values.fresh) rmSync(state, { recursive: true, force: true });

if (!values["no-build"]) step("react-router", ["build"], () => "Built the app.");
step("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], (output) => {
  const applied = new Set(output.match(/\S+\.sql(?=\s+│ ✅)/g)).size;
  return applied === 0 ? "Database: up to date." : `Database: ${applied} migrations applied.`;
});
step("node", ["scripts/seed.ts", "--state", state], (output) => output.trim());

const vars = readDevVars();
const banner = `
  GreenBasket is running at http://localhost:${port}
  Seller area: http://localhost:${port}/seller
  Demo seller login: ${vars.SELLER_EMAIL ?? "(SELLER_EMAIL not set in .dev.vars)"} / ${vars.SELLER_PASSWORD ?? "(SELLER_PASSWORD not set)"}
`;

// --test-scheduled: wrangler dev fires no Cron Trigger and says so unless told; the jobs are asked for below.
const devArgs = ["dev", "--port", port, "--ip", "127.0.0.1", "--persist-to", state, "--show-interactive-dev-session=false", "--test-scheduled"];
devArgs.push("--var", `APP_URL:http://localhost:${port}`);
// Another front end calling the API (e.g. the spec's React client on :5173): CORS_ORIGINS=… npm start
if (process.env.CORS_ORIGINS) devArgs.push("--var", `CORS_ORIGINS:${process.env.CORS_ORIGINS}`);
let fakeStripeNote = "";
if (values["fake-stripe"]) {
  const { startFakeStripe, FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } = await import("./fake-stripe.ts");
  const fake = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook` });
  fakeStripeNote = `  Card payments go to the fake Stripe server at ${fake.url} (no real money).\n`;
  devArgs.push(
    "--var",
    `STRIPE_SECRET_KEY:${FAKE_STRIPE_SECRET_KEY}`,
    "--var",
    `STRIPE_WEBHOOK_SECRET:${FAKE_STRIPE_WEBHOOK_SECRET}`,
    "--var",
    `STRIPE_API_BASE:${fake.url}`,
  );
}

// wrangler's local trace recorder writes every request's spans to a local SQLite store: useful
// while developing (npm run dev keeps it), pure overhead and ever-growing disk for the production
// build served here. X_LOCAL_OBSERVABILITY=true turns it back on.
// CLOUDFLARE_CF_FETCH_ENABLED=false: the store never reads `request.cf`, so Miniflare need not
// download its sample from workers.cloudflare.com (offline, that printed a lookup error and a stack).
// wrangler's own start-up lines (its bindings table) are kept back unless it fails to start; once it
// is ready the address and the demo login are printed, and then wrangler's request log passes through.
const server = spawn("wrangler", devArgs, {
  stdio: ["inherit", "pipe", "pipe"],
  env: {
    WRANGLER_SEND_METRICS: "false",
    X_LOCAL_OBSERVABILITY: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    ...(process.stdout.isTTY && { FORCE_COLOR: "1" }),
    ...process.env,
  },
});
let ready = false;
let startUp = "";
server.stdout!.on("data", (chunk: Buffer) => {
  if (ready) return process.stdout.write(chunk);
  startUp += chunk.toString();
  if (/Ready on http/.test(startUp)) {
    ready = true;
    console.log(`${banner}${fakeStripeNote}`);
    // The scheduled jobs (worker/jobs): unpaid card orders past their hour release their stock.
    runScheduledJobsEveryMinute(`http://127.0.0.1:${port}`);
  }
});
// A request for a path with a broken percent-escape (a bot, a mistyped link; the browser journeys
// send some on purpose) is answered 404 by the store, and wrangler's asset layer also warns about
// it, with blank lines: not a problem of the store, so not printed.
const MALFORMED_URL_WARNING = /^.*could not be decoded because it is a malformed URL segment.*\n(?:[ \t]*\n)*/gm;
server.stderr!.on("data", (chunk: Buffer) => {
  const text = chunk.toString().replace(MALFORMED_URL_WARNING, "");
  if (text) process.stderr.write(text);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  if (!ready) process.stdout.write(startUp);
  process.exit(code ?? 0);
});
