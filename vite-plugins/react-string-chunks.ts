import { resolve } from "node:path";
import type { Plugin } from "vite";

/**
 * React's edge renderer encodes every attribute and text chunk to bytes as it renders, with one
 * native `TextEncoder.encode` call each; on a listing page that was a third of the server's render
 * CPU. This swaps in worker/render/string-chunks.ts, which keeps chunks as strings and encodes each
 * flush once. The build fails if React's source no longer has what is replaced, so an upgrade
 * cannot drop it silently. ADR 013.
 */
export function reactStringChunks(): Plugin {
  const target = "react-dom-server.edge.production.js";
  const config = JSON.stringify(resolve(import.meta.dirname, "../worker/render/string-chunks.ts"));
  const streamConfig = /\n {2}currentView = null,\n {2}writtenBytes = 0;\nfunction writeChunk\(destination, chunk\) \{[\s\S]*?\nfunction byteLengthOfChunk\(chunk\) \{\n {2}return chunk\.byteLength;\n\}\n/;
  const segmentSize = "segmentByteSize += segment[i].byteLength;";
  const flushStart = "function flushCompletedQueues(request, destination) {\n  currentView = new Uint8Array(4096);\n  writtenBytes = 0;";
  return {
    name: "react-string-chunks",
    apply: "build",
    transform(code, id) {
      if (!id.endsWith(target)) return null;
      if (!streamConfig.test(code) || !code.includes(segmentSize) || !code.includes(flushStart)) throw new Error(`${target} is not the stream config ADR 013 replaces`);
      const patched = code
        .replace(
          streamConfig,
          `\n  currentView = null,\n  writtenBytes = 0;\nvar { beginWriting, writeChunk, writeChunkAndReturn, completeWriting, stringToChunk, stringToPrecomputedChunk, byteLengthOfChunk } = require(${config});\n`,
        )
        .replace(flushStart, "function flushCompletedQueues(request, destination) {\n  beginWriting();")
        .replace(segmentSize, "segmentByteSize += byteLengthOfChunk(segment[i]);");
      // No source map for a patched vendor file (an empty one says so, and keeps the build quiet).
      return { code: patched, map: { mappings: "" } };
    },
  };
}
