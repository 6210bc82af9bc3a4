import { resolve, sep } from "node:path";
import type { Plugin } from "vite";

/**
 * The server wing stays out of the browser: the client build fails if any chunk holds a module
 * from `worker/` or a server-only package (ADR 022). React Router removes loaders and actions from
 * the client's route modules, and with them their imports of `worker/`; what remains (a component
 * importing a constant from the server wing, say) would ship server code to every shopper.
 *
 * This is React Router's `.server` rule applied to a whole folder: the project keeps its server
 * code in one wing instead of naming each file `.server.ts`.
 */
const SERVER_ONLY_PACKAGES = ["drizzle-orm", "hono", "stripe", "@cloudflare/"];

export function isServerOnlyModule(id: string, root: string): boolean {
  const path = id.replace(/^\0/, "").split("?")[0]!;
  if (path.startsWith(resolve(root, "worker") + sep)) return true;
  return SERVER_ONLY_PACKAGES.some((name) => path.includes(`${sep}node_modules${sep}${name}`));
}

export function serverOnlyWing(): Plugin {
  let root = process.cwd();
  return {
    name: "greenbasket:server-only-wing",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const leaks: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const id of output.moduleIds) if (isServerOnlyModule(id, root)) leaks.push(`${output.fileName}: ${id.replace(root + sep, "")}`);
      }
      if (leaks.length > 0)
        this.error(`Server code in the browser bundle (import it from a loader or action, or move it to shared/):\n  ${leaks.join("\n  ")}`);
    },
  };
}
