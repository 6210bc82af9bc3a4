import { describe, expect, it } from "vitest";
import { encodeChunk } from "../../worker/render/encode-chunk";

// The reference is the runtime's own TextEncoder (workerd's, since this file runs inside it).
const native = new TextEncoder();
const expectSameBytes = (text: string) => expect(Array.from(encodeChunk(text)), JSON.stringify(text)).toEqual(Array.from(native.encode(text)));

describe("encodeChunk: React's chunks encoded as TextEncoder would", () => {
  it("encodes ASCII, two-, three- and four-byte characters", () => {
    for (const text of ["", "a", "class", "/products/fruits/seed-apple-1-kg", "Crème brûlée", "₹1,250.50", "टमाटर 1 किलो", "Fresh 🍎 and 🥦", "\u007f\u0080\u07ff\u0800\uffff"]) {
      expectSameBytes(text);
    }
  });

  it("writes a lone or reversed surrogate as U+FFFD, like the platform", () => {
    for (const text of ["\ud83c", "a\ud83c", "\ud83cb", "\udf4e", "\udf4e\ud83c", "x\ud83c\ud83c\udf4e"]) expectSameBytes(text);
    expect(Array.from(encodeChunk("\ud83c"))).toEqual([0xef, 0xbf, 0xbd]);
  });

  it("agrees on either side of the length where it hands over to the native encoder", () => {
    for (const length of [510, 511, 512, 513, 4096]) {
      expectSameBytes("a".repeat(length));
      expectSameBytes("₹".repeat(length));
      expectSameBytes(`${"a".repeat(length - 1)}🍎`);
    }
  });

  it("agrees on a few thousand random strings across the whole UTF-16 range", () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const pools = [0x80, 0x800, 0x10000];
    for (let n = 0; n < 3000; n++) {
      const length = Math.floor(random() * 80);
      const pool = pools[n % pools.length]!;
      const text = String.fromCharCode(...Array.from({ length }, () => Math.floor(random() * pool)));
      expectSameBytes(text);
    }
  });
});
