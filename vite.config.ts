import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { modulePreloadsLowPriority } from "./vite-plugins/module-preloads-low-priority.ts";
import { reactStringChunks } from "./vite-plugins/react-string-chunks.ts";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter(), reactStringChunks(), modulePreloadsLowPriority()],
});
