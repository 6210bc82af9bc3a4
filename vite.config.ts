import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compileHints } from "./vite-plugins/compile-hints.ts";
import { serverOnlyWing } from "./vite-plugins/server-only-wing.ts";

export default defineConfig({
  // Path aliases (~/, @shared/, @worker/) from tsconfig.json.
  resolve: { tsconfigPaths: true },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter(), serverOnlyWing(), compileHints()],
  build: {
    // No preload helper around the few lazy imports (the search box's suggestions, the login
    // dialog's form): its ~0.8 KB would ship in the first load of every page (the 125 KB budget),
    // to save a round trip for chunks that load on a shopper's first focus or click.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The app's small modules that every page loads through the root and the shop layout,
              // in one chunk with what they import (React, React Router) instead of a dozen files of
              // a few hundred bytes: each file and each import between files costs its own bytes,
              // gzipped apart. About 4 KB less in every page's first load (ADR 043).
              name: "shell",
              test: /\/app\/(components\/(CartProvider|ErrorPage|Link|seller\/SellerLogin)|lib\/(toast|site|login-dialog|use-action-toast|site-images))\.tsx?$|\/shared\/(money|search-text|categories|images|cart|paths)\.ts$/,
            },
          ],
        },
      },
      onLog(level, log, handler) {
        // Two notices that are not problems of this project, printed on every build:
        // - Tailwind generates the stylesheet (app/app.css, inlined into pages) without a source
        //   map; there is nothing in it to map back to.
        // - the bundler's note that plugins took most of the build's time (React Router's own).
        if (log.code === "SOURCEMAP_BROKEN" && log.plugin?.startsWith("@tailwindcss/vite")) return;
        if (log.code === "PLUGIN_TIMINGS") return;
        handler(level, log);
      },
    },
  },
});
