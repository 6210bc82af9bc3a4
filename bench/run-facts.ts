/** Where and on what a measurement ran, as the reports (bench.ts, scripts/load/busiest-hour.ts) print it. */
import { execSync } from "node:child_process";
import os from "node:os";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

/** The commit measured, flagged when the working tree differs from it. */
export function commitLabel(): string {
  const commit = execSync("git rev-parse --short HEAD", { cwd: ROOT }).toString().trim();
  const dirty = execSync("git status --porcelain", { cwd: ROOT }).toString().trim() ? " (with uncommitted changes)" : "";
  return `${commit}${dirty}`;
}

export function machineLabel(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

/** The 1, 5 and 15 minute load averages (/proc/loadavg): how busy the shared machine was. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");
