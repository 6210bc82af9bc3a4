/**
 * `npm run dev`: migrate and seed the local storage, then Vite with hot reload in the Workers runtime
 * (the Cloudflare Vite plugin keeps its data in .wrangler/state, the same place `npm start` uses).
 */
import { spawn, spawnSync } from "node:child_process";
import { delimiter, join, resolve } from "node:path";
import { ensureDevVars } from "./dev-vars.ts";
import { runScheduledJobsEveryMinute } from "./local-cron.ts";

const root = resolve(import.meta.dirname, "..");
process.chdir(root);
process.env.PATH = `${join(root, "node_modules", ".bin")}${delimiter}${process.env.PATH}`;

ensureDevVars();
for (const [command, args] of [
  ["wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", ".wrangler/state"]],
  ["node", ["scripts/seed.ts"]],
] as const) {
  if (spawnSync(command, [...args], { stdio: "inherit" }).status !== 0) process.exit(1);
}
// The store never reads `request.cf`: Miniflare need not download its sample (offline, that failed loudly).
const dev = spawn("react-router", ["dev", "--port", process.env.PORT ?? "5173"], {
  stdio: "inherit",
  env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", ...process.env },
});
dev.on("exit", (code) => process.exit(code ?? 0));
// No Cron Trigger fires under Vite either: the scheduled jobs are asked for every minute (ADR 066).
runScheduledJobsEveryMinute(`http://localhost:${process.env.PORT ?? "5173"}`);
