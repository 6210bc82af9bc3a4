import type { Plugin } from "vite";

/**
 * React Router's `<Scripts>` preloads the app's JavaScript modules at the browser's default
 * priority for module preloads, High, the same as the largest image of the page. The modules are
 * not needed for the first paint (module scripts never block rendering): they hydrate a page that
 * is already there. This gives each of its `<link rel="modulepreload">` `fetchPriority: "low"`, as
 * React itself does for the modules it is asked to bootstrap, so on a slow phone connection the
 * document's first image gets the bandwidth first. The build fails if React Router's source no
 * longer has these links, so an upgrade cannot drop it silently. ADR 016.
 */
export function modulePreloadsLowPriority(): Plugin {
  const target = "react-router/dist/production/lib/dom/ssr/components.js";
  // The manifest, the client entry and every module of the matched routes.
  const preloads = ["\t\trel: \"modulepreload\",\n\t\thref: manifest.url,", "\t\trel: \"modulepreload\",\n\t\thref: manifest.entry.module,", "\t\trel: \"modulepreload\",\n\t\thref: path,"];
  return {
    name: "module-preloads-low-priority",
    apply: "build",
    transform(code, id) {
      if (!id.replaceAll("\\", "/").endsWith(target)) return null;
      let patched = code;
      for (const preload of preloads) {
        if (!patched.includes(preload)) throw new Error(`${target} no longer has "${preload.trim()}": see ADR 016`);
        patched = patched.replace(preload, preload.replace('rel: "modulepreload",', 'rel: "modulepreload",\n\t\tfetchPriority: "low",'));
      }
      // No source map for a patched vendor file (an empty one says so, and keeps the build quiet).
      return { code: patched, map: { mappings: "" } };
    },
  };
}
