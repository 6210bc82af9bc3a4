/**
 * The local secrets `wrangler dev` reads (.dev.vars), shared by the scripts that run the store.
 * A fresh clone has none: they are created from .dev.vars.example, which holds demo values only.
 */
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const DEV_VARS = join(ROOT, ".dev.vars");

export function ensureDevVars(): void {
  if (existsSync(DEV_VARS)) return;
  copyFileSync(join(ROOT, ".dev.vars.example"), DEV_VARS);
  console.log("Created .dev.vars from .dev.vars.example");
}

/** NAME=value lines of .dev.vars (created first if missing). */
export function readDevVars(): Record<string, string> {
  ensureDevVars();
  return Object.fromEntries([...readFileSync(DEV_VARS, "utf8").matchAll(/^\s*([A-Z_]+)\s*=\s*(.*?)\s*$/gm)].map((m) => [m[1]!, m[2]!]));
}
