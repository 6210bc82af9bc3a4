/**
 * Start the production build (scripts/start.ts) in the background for a measuring script, and
 * stop it afterwards. Used by `npm run load` (and the benchmark harness).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";

export type RunningStore = { url: string; stop: () => void };

export async function serveProductionBuild(options: { port: number; state: string; extraArgs?: string[] }): Promise<RunningStore> {
  const root = resolve(import.meta.dirname, "..");
  const child: ChildProcess = spawn(
    process.execPath,
    ["scripts/start.ts", "--port", String(options.port), "--state", options.state, ...(options.extraArgs ?? [])],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"], detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  const url = `http://127.0.0.1:${options.port}`;
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the store exited early (code ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/product/list?limit=1`)).ok) return { url, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  stop();
  throw new Error("the store did not start within 4 minutes");
}
