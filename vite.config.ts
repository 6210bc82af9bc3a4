import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compileHints } from "./vite-plugins/compile-hints.ts";
import { serverOnlyWing } from "./vite-plugins/server-only-wing.ts";

/**
 * A chunk group's test for these modules: paths from the project's root (the app's own without
 * their extension), or a bundler's virtual module by its id.
 */
function modules(...paths: string[]): RegExp {
  const escaped = paths.map((path) => path.replace(/[.]/g, "\\."));
  return new RegExp(`(/|^\\0)(${escaped.join("|")})(\\.tsx?)?$`);
}

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
              // The app's small modules that most pages load (through the root, the shop layout or
              // most routes), in one chunk with what they import (React, React Router), instead of
              // a dozen files of a few hundred bytes: each file costs a request and its own gzip
              // framing, and each import between files the names it imports (ADR 043).
              name: "shell",
              test: modules(
                "app/components/CartProvider",
                "app/components/ErrorPage",
                "app/components/Link",
                "app/components/BusyButton",
                "app/components/cart/CartBar",
                "app/components/seller/SellerLogin",
                "app/lib/toast",
                "app/lib/site",
                "app/lib/site-images",
                "app/lib/login-dialog",
                "app/lib/use-action-toast",
                "app/lib/root-data",
                "app/lib/focus-rescue",
                "app/lib/use-hydrated",
                "app/lib/use-menu-dismiss",
                "app/lib/refill",
                "shared/money",
                "shared/search-text",
                "shared/categories",
                "shared/images",
                "shared/cart",
                "shared/paths",
                // The part of React DOM that the client renderer and some pages (portals) share.
                "node_modules/react-dom/index.js",
                "node_modules/react-dom/cjs/react-dom.production.js",
                // Vite's wrapper of lazy imports, used by the root (the login dialog) and the shop
                // layout (the search suggestions).
                "vite/preload-helper.js",
              ),
            },
            {
              // What the order pages share (the shopper's and the seller's): one file, not five.
              name: "orders",
              test: modules(
                "app/components/orders/OrderTimeline",
                "app/components/orders/OrderAgain",
                // Pay now: also the cart's, back from Stripe's page unpaid.
                "app/components/orders/PayNow",
                "app/components/orders/CancelOrder",
                "app/components/orders/PostalAddress",
                "app/lib/use-polling",
                "shared/order-status",
              ),
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
