/**
 * How React's edge renderer writes its output, with strings as chunks.
 *
 * React's own edge stream config encodes every attribute name and value and every text node to
 * bytes as soon as it is rendered (one `TextEncoder.encode` each, about 1 µs in workerd however
 * short the string, thousands per listing page), then copies those bytes into 4 KB views as it
 * flushes. Here a chunk stays a string until the flush: a pass appends its chunks to one string
 * and `completeWriting` encodes that once, with the native encoder, into one `Uint8Array`.
 *
 * React flushes synchronously, from `writeChunk` calls to the `completeWriting` that ends the
 * pass (in a `finally`), so one module-level string serves every request of the isolate, as React's
 * own module-level view does. Each flush also starts with `beginWriting`, so text left by a flush
 * that failed halfway can never reach another response. The build swaps these in for React's
 * functions (vite-plugins/react-string-chunks.ts; ADR 013).
 */
const encoder = new TextEncoder();
let pending = "";

export function beginWriting(): void {
  pending = "";
}

export function writeChunk(_destination: ReadableStreamDefaultController<Uint8Array>, chunk: string): void {
  pending += chunk;
}

export function writeChunkAndReturn(destination: ReadableStreamDefaultController<Uint8Array>, chunk: string): boolean {
  writeChunk(destination, chunk);
  return true;
}

export function completeWriting(destination: ReadableStreamDefaultController<Uint8Array>): void {
  if (pending === "") return;
  const text = pending;
  pending = "";
  destination.enqueue(encoder.encode(text));
}

export function stringToChunk(content: string): string {
  return content;
}

export const stringToPrecomputedChunk = stringToChunk;

/** React sizes boundaries with this to decide what to stream later; characters serve as well as bytes. */
export function byteLengthOfChunk(chunk: string): number {
  return chunk.length;
}
