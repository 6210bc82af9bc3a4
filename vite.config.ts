import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * React's edge renderer encodes every attribute and text chunk with one native
 * `TextEncoder.encode` call; on a listing page that was a third of the server's render CPU.
 * This swaps in worker/render/encode-chunk.ts (same bytes, a tenth of the cost for short strings).
 * The build fails if React's source no longer has the line, so an upgrade cannot drop it
 * silently. ADR 013.
 */
function reactChunkEncoder(): Plugin {
  const target = "react-dom-server.edge.production.js";
  const original = "function stringToChunk(content) {\n  return textEncoder.encode(content);\n}";
  const encoder = JSON.stringify(resolve(import.meta.dirname, "worker/render/encode-chunk.ts"));
  return {
    name: "react-chunk-encoder",
    apply: "build",
    transform(code, id) {
      if (!id.endsWith(target)) return null;
      if (!code.includes(original)) throw new Error(`${target} has no "${original}" to replace: see ADR 013`);
      return code.replace(original, `var stringToChunk = require(${encoder}).encodeChunk;`);
    },
  };
}

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter(), reactChunkEncoder()],
});
