import { describe, expect, it } from "vitest";
import { beginWriting, byteLengthOfChunk, completeWriting, stringToChunk, stringToPrecomputedChunk, writeChunk, writeChunkAndReturn } from "@worker/render/string-chunks";

/** What React's renderer would hand its stream: the bytes of each flush, in order. */
async function flushes(write: (destination: ReadableStreamDefaultController<Uint8Array>) => void): Promise<number[][]> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  write(controller);
  controller.close();
  const chunks: number[][] = [];
  for await (const chunk of stream) chunks.push(Array.from(chunk));
  return chunks;
}

// The reference is the runtime's own TextEncoder (workerd's, since this file runs inside it).
const utf8 = (text: string) => Array.from(new TextEncoder().encode(text));

describe("string chunks: React's output kept as text until it is flushed", () => {
  it("sends one encoded chunk per flush, the UTF-8 of everything written since the last one", async () => {
    const pieces = ["<span", ' class="price"', ">", "₹1,250.50", "</span>", "टमाटर 1 किलो", "Fresh 🍎"];
    const sent = await flushes((destination) => {
      for (const piece of pieces.slice(0, 4)) writeChunk(destination, stringToChunk(piece));
      completeWriting(destination);
      for (const piece of pieces.slice(4)) expect(writeChunkAndReturn(destination, stringToPrecomputedChunk(piece))).toBe(true);
      completeWriting(destination);
    });
    expect(sent).toEqual([utf8(pieces.slice(0, 4).join("")), utf8(pieces.slice(4).join(""))]);
  });

  it("joins a character whose UTF-16 halves arrive in two chunks, and writes a lone half as U+FFFD", async () => {
    const apple = "🍎";
    expect(await flushes((destination) => {
      writeChunk(destination, apple[0]!);
      writeChunk(destination, apple[1]!);
      completeWriting(destination);
    })).toEqual([[0xf0, 0x9f, 0x8d, 0x8e]]);
    expect(await flushes((destination) => {
      writeChunk(destination, "a\ud83c");
      completeWriting(destination);
    })).toEqual([[0x61, 0xef, 0xbf, 0xbd]]);
  });

  it("sends nothing for a flush with nothing written, and keeps no text from one flush to the next", async () => {
    expect(await flushes((destination) => completeWriting(destination))).toEqual([]);
    expect(await flushes((destination) => {
      writeChunk(destination, "first");
      completeWriting(destination);
      completeWriting(destination);
      writeChunk(destination, "second");
      completeWriting(destination);
    })).toEqual([utf8("first"), utf8("second")]);
  });

  it("starts every flush empty: text left by a flush that failed halfway reaches no other response", async () => {
    await flushes((destination) => writeChunk(destination, "<p>another shopper's cart</p>"));
    expect(await flushes((destination) => {
      beginWriting();
      writeChunk(destination, "<p>mine</p>");
      completeWriting(destination);
    })).toEqual([utf8("<p>mine</p>")]);
  });

  it("sizes a chunk in characters, as React's boundary sizing needs only roughly", () => {
    expect(byteLengthOfChunk("")).toBe(0);
    expect(byteLengthOfChunk("<div>")).toBe(5);
  });
});
