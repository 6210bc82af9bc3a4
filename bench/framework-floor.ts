/**
 * The framework's floor: a hello-world React Router app on Workers, written and built by the bench
 * with this checkout's own react, react-dom, react-router, @react-router/dev, vite and
 * @cloudflare/vite-plugin (nothing downloaded). It is what React Router's Cloudflare template
 * makes, with one empty route. The bench measures it in the same run as the store:
 * - its first-load JavaScript, the floor that a shop page's own bytes are counted over;
 * - the server CPU of rendering its empty route, the reference of the pages' ratio (bench/workerd-cpu.ts).
 *
 * `npm test` checks the app's own bytes against the floor committed in bench/framework-floor.json,
 * which names the versions it was measured with (bench/first-load.ts). Re-measure and commit it:
 *
 *   node bench/framework-floor.ts   (also done by every `npm run bench`)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { firstLoad, FLOOR_FILE, installedVersions, type FrameworkFloor } from "./first-load.ts";
import { startBuiltWorker } from "./workerd-cpu.ts";

const ROOT = resolve(import.meta.dirname, "..");

/** The store's runtime settings (wrangler.toml), so both Workers run alike. */
const wranglerToml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
const compatibility_date = /^compatibility_date = "(.+)"$/m.exec(wranglerToml)![1];
const compatibility_flags = JSON.parse(/^compatibility_flags = (\[.*\])$/m.exec(wranglerToml)![1]!) as string[];

/** React Router's Cloudflare template, trimmed to one empty route. */
const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "framework-floor", private: true, type: "module" }),
  "wrangler.json": JSON.stringify({ name: "framework-floor", main: "./workers/app.ts", compatibility_date, compatibility_flags }),
  "react-router.config.ts": `export default { ssr: true };\n`,
  "vite.config.ts": `import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig({ plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()] });
`,
  // The template's Worker, plus a path answered without work: the CPU harness's baseline.
  "workers/app.ts": `import { createRequestHandler, RouterContextProvider } from "react-router";
const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);
export default {
  fetch(request: Request) {
    if (new URL(request.url).pathname === "/api/no-such-route") return new Response(null, { status: 404 });
    return requestHandler(request, new RouterContextProvider());
  },
};
`,
  "app/entry.server.tsx": `import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
export default async function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  let shellRendered = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    onError(error: unknown) {
      status = 500;
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  headers.set("Content-Type", "text/html");
  return new Response(body, { headers, status });
}
`,
  "app/root.tsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
export default function App() {
  return <Outlet />;
}
`,
  "app/routes.ts": `import { index } from "@react-router/dev/routes";
export default [index("routes/home.tsx")];
`,
  "app/routes/home.tsx": `export default function Home() {
  return null;
}
`,
};

export type BuiltFloor = { dir: string; server: string; client: string; remove: () => void };

/** Writes the app into a temporary folder (its node_modules: this checkout's) and builds it. */
export function buildFloor(): BuiltFloor {
  const dir = mkdtempSync(join(tmpdir(), "framework-floor-"));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  const build = spawnSync(join(ROOT, "node_modules/.bin/react-router"), ["build"], { cwd: dir, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`the framework floor did not build:\n${build.stdout}\n${build.stderr}`);
  return { dir, server: join(dir, "build/server"), client: join(dir, "build/client"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The floor's first load, read as a shop page's is: its document's scripts, gzipped. */
export async function measureFloor(floor: BuiltFloor): Promise<FrameworkFloor> {
  const worker = await startBuiltWorker(floor.server);
  try {
    const load = await firstLoad(worker.origin, "/", { readAsset: (path) => readFileSync(join(floor.client, path)) });
    return { versions: installedVersions(), js: load.js, raw: load.raw, scripts: load.scripts.length };
  } finally {
    await worker.close();
  }
}

/** Measures the floor and writes it where `npm test` reads it. */
export async function recordFloor(floor: BuiltFloor): Promise<FrameworkFloor> {
  const measured = await measureFloor(floor);
  writeFileSync(FLOOR_FILE, `${JSON.stringify(measured, null, 2)}\n`);
  return measured;
}

if (import.meta.main) {
  const floor = buildFloor();
  try {
    const measured = await recordFloor(floor);
    console.log(`framework floor: ${(measured.js / 1024).toFixed(1)} KB gzipped in ${measured.scripts} scripts; written to bench/framework-floor.json`);
  } finally {
    floor.remove();
  }
}
