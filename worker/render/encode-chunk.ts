/**
 * UTF-8 encoding for the short strings React's edge renderer writes: every attribute name and
 * value and every text node becomes one chunk. The native `TextEncoder.encode` costs about 1 µs
 * per call however short the string (it allocates its buffer outside the JavaScript heap); this
 * loop costs about a tenth of that for the typical 5–60 characters, and a listing page writes
 * thousands of them. Long strings still go to the native encoder. The build swaps this in for
 * React's own `stringToChunk` (vite.config.ts; ADR 013).
 *
 * Byte for byte what `TextEncoder.encode` returns, lone surrogates included (as U+FFFD).
 */
const nativeEncoder = new TextEncoder();

/** From this length on the native encoder's fixed cost is repaid. */
const NATIVE_FROM = 512;

export function encodeChunk(text: string): Uint8Array {
  const length = text.length;
  if (length >= NATIVE_FROM) return nativeEncoder.encode(text);

  let size = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) size += 1;
    else if (code < 0x800) size += 2;
    else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
      size += 4;
      i++;
    } else size += 3; // the rest of the BMP, and a lone surrogate written as U+FFFD
  }

  const bytes = new Uint8Array(size);
  if (size === length) {
    for (let i = 0; i < length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  let at = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      bytes[at++] = code;
    } else if (code < 0x800) {
      bytes[at++] = 0xc0 | (code >> 6);
      bytes[at++] = 0x80 | (code & 0x3f);
    } else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
      const point = 0x10000 + ((code - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
      bytes[at++] = 0xf0 | (point >> 18);
      bytes[at++] = 0x80 | ((point >> 12) & 0x3f);
      bytes[at++] = 0x80 | ((point >> 6) & 0x3f);
      bytes[at++] = 0x80 | (point & 0x3f);
    } else {
      const point = code >= 0xd800 && code <= 0xdfff ? 0xfffd : code;
      bytes[at++] = 0xe0 | (point >> 12);
      bytes[at++] = 0x80 | ((point >> 6) & 0x3f);
      bytes[at++] = 0x80 | (point & 0x3f);
    }
  }
  return bytes;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** NaN (past the end of the string) is not a low surrogate. */
function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
