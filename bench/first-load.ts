/**
 * What a first visit to a page downloads before it is interactive: the JavaScript modules its HTML
 * preloads or imports and the modules those import, its inline module script, and its CSS (linked or
 * inlined), gzipped at level 9. Used by `npm run bench`
 * for its table and by `npm test` (tests/e2e/ssr.spec.ts), which holds each shop page's own bytes
 * to at most 30 KB over the framework's floor (bench/framework-floor.ts).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

/** The app's own JavaScript on the first load of a shop page, route manifest included: the bytes beyond the floor. */
export const OWN_JS_BUDGET_KB = 30;
export const CSS_BUDGET_KB = 15;

export type FirstLoad = { js: number; raw: number; css: number; thirdParty: number; scripts: string[] };

const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** `cookie`: a session, for a page behind one. `readAsset`: where the scripts' bytes come from (default: the origin). */
export async function firstLoad(
  origin: string,
  path: string,
  { cookie, readAsset }: { cookie?: string; readAsset?: (path: string) => Uint8Array | Promise<Uint8Array> } = {},
): Promise<FirstLoad> {
  const html = await (await fetch(`${origin}${path}`, cookie ? { headers: { Cookie: cookie } } : {})).text();
  // The modules the HTML preloads or its module scripts import (React Router's inline one: the route
  // modules and, last, the entry), and what they import in turn.
  const named = [
    ...html.matchAll(/<(?:link rel="modulepreload"|script type="module")[^>]*?(?:href|src)="([^"]+\.js)"/g),
    ...html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?\(?"([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const read = readAsset ?? (async (url: string) => new Uint8Array(await (await fetch(new URL(url, origin))).arrayBuffer()));
  const scripts = new Set<string>();
  let js = 0;
  let raw = 0;
  for (const url of named) {
    if (scripts.has(url) || !url.startsWith("/")) continue;
    scripts.add(url);
    const bytes = await read(url);
    js += gzip(bytes);
    raw += bytes.length;
    for (const [, imported] of Buffer.from(bytes)
      .toString("utf8")
      .matchAll(/(?:from|import)\s*"([^"]+\.js)"/g))
      named.push(new URL(imported!, new URL(url, origin)).pathname);
  }
  // React Router's inline module script: the imports, and with lazy route discovery the page's part of the route manifest.
  for (const [, inline] of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    js += gzip(Buffer.from(inline!));
    raw += Buffer.byteLength(inline!);
  }
  let css = 0;
  for (const [, href] of html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)"/g)) css += gzip(await read(href!));
  // The stylesheet is inlined into the document (app/lib/inline-css.tsx): count it too.
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join("");
  if (inline) css += gzip(Buffer.from(inline));
  return { js, raw, css, thirdParty: named.filter((name) => !name.startsWith("/")).length, scripts: [...scripts] };
}

// --- The framework's floor, as committed for `npm test`

const ROOT = resolve(import.meta.dirname, "..");
export const FLOOR_FILE = join(ROOT, "bench/framework-floor.json");
/** The packages that make the floor: a change to any of them changes it. */
const FLOOR_PACKAGES = ["react", "react-dom", "react-router", "@react-router/dev", "vite", "@cloudflare/vite-plugin"];

export type FrameworkFloor = { versions: Record<string, string>; js: number; raw: number; scripts: number };

export const installedVersions = () =>
  Object.fromEntries(
    FLOOR_PACKAGES.map((name) => [name, (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version]),
  );

/** The committed floor; throws if it was measured with other versions than those installed. */
export function committedFloor(): FrameworkFloor {
  const floor = JSON.parse(readFileSync(FLOOR_FILE, "utf8")) as FrameworkFloor;
  const installed = installedVersions();
  const changed = FLOOR_PACKAGES.filter((name) => floor.versions[name] !== installed[name]);
  if (changed.length > 0)
    throw new Error(
      `bench/framework-floor.json was measured with ${changed.map((name) => `${name} ${floor.versions[name]}`).join(", ")}; ` +
        `installed: ${changed.map((name) => `${name} ${installed[name]}`).join(", ")}. Re-measure it (node bench/framework-floor.ts) and commit it.`,
    );
  return floor;
}
