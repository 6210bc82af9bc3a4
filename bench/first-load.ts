/**
 * What a first visit to a page downloads before it is interactive: the JavaScript modules its
 * HTML loads or preloads, and its CSS (linked or inlined), gzipped at level 9. Used by
 * `npm run bench` for its table and by a journey that holds `/` to the budget (issue #6).
 */
import { gzipSync } from "node:zlib";

export const FIRST_LOAD_JS_BUDGET_KB = 125;
export const CSS_BUDGET_KB = 15;

export type FirstLoad = { js: number; css: number; thirdParty: number; scripts: string[] };

/** `cookie`: a session, for a page behind one (a shopper's order page). */
export async function firstLoad(origin: string, path: string, { cookie }: { cookie?: string } = {}): Promise<FirstLoad> {
  const html = await (await fetch(`${origin}${path}`, cookie ? { headers: { Cookie: cookie } } : {})).text();
  const scripts = new Set([...html.matchAll(/<(?:link rel="modulepreload"|script type="module")[^>]*?(?:href|src)="([^"]+\.js)"/g)].map((m) => m[1]!));
  // React Router's inline module script imports the entry and route modules.
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) scripts.add(m[1]!);
  const styles = new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)"/g)].map((m) => m[1]!));
  const gzip = async (urls: Set<string>) => {
    let total = 0;
    for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer()), { level: 9 }).length;
    return total;
  };
  // The stylesheet is inlined into the document (app/lib/inline-css.tsx): count it too.
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join("");
  const inlineCss = inline ? gzipSync(Buffer.from(inline), { level: 9 }).length : 0;
  return {
    js: await gzip(scripts),
    css: (await gzip(styles)) + inlineCss,
    thirdParty: [...scripts].filter((s) => !s.startsWith("/")).length,
    scripts: [...scripts],
  };
}
