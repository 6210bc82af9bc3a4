/**
 * Part of `npm run test:bundle`, after the build: no server code in what browsers download.
 * The client build itself refuses modules of the server wing (vite-plugins/server-only-wing.ts);
 * this reads the built files too, so removing the guard or bypassing it cannot go unnoticed.
 *
 * Each fingerprint is a string literal that survives minification and exists only in server code
 * (drizzle's entity symbols, the session store's keys, Stripe's API host, the edge cache's key);
 * each must be found in the Worker's bundle, or the fingerprint itself is stale.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const FINGERPRINTS = [
  "drizzle:",
  "SESSION_SECRET is not configured",
  "session:shopper:",
  "edge-cache.invalid",
  "api.stripe.com",
  "Not Authorized. Please log in.",
];

function filesUnder(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && ending.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const server = filesUnder(join(ROOT, "build/server"), /\.js$/)
  .map((file) => readFileSync(file, "utf8"))
  .join("\n");
const stale = FINGERPRINTS.filter((text) => !server.includes(text));
if (stale.length > 0) {
  console.error(`✗ client-bundle check: fingerprints no longer in the server build (update the list): ${stale.join(", ")}`);
  process.exit(1);
}

const leaks = filesUnder(join(ROOT, "build/client"), /\.(js|mjs|css|html)$/).flatMap((file) => {
  const text = readFileSync(file, "utf8");
  return FINGERPRINTS.filter((fingerprint) => text.includes(fingerprint)).map((fingerprint) => `${file.replace(ROOT + "/", "")}: ${fingerprint}`);
});
if (leaks.length > 0) {
  console.error(`✗ server code in the browser bundle:\n  ${leaks.join("\n  ")}`);
  process.exit(1);
}
console.log(`✓ no server code in build/client (${FINGERPRINTS.length} fingerprints, all present in build/server)`);
