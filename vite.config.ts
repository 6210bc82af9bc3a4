import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serverOnlyWing } from "./vite-plugins/server-only-wing.ts";

export default defineConfig({
  // Path aliases (~/, @shared/, @worker/) from tsconfig.json.
  resolve: { tsconfigPaths: true },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter(), serverOnlyWing()],
});
