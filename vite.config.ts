import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serverOnlyWing } from "./vite-plugins/server-only-wing.ts";

export default defineConfig({
  // Path aliases (~/, @shared/, @worker/) from tsconfig.json.
  resolve: { tsconfigPaths: true },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter(), serverOnlyWing()],
  build: {
    rolldownOptions: {
      onLog(level, log, handler) {
        // Two notices printed on every build that are not this project's problems: Tailwind's
        // stylesheet (inlined into pages) has no source map, and plugins took most of the build's time.
        if (log.code === "SOURCEMAP_BROKEN" && log.plugin?.startsWith("@tailwindcss/vite")) return;
        if (log.code === "PLUGIN_TIMINGS") return;
        handler(level, log);
      },
    },
  },
});
