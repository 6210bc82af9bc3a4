/**
 * Generators of hostile request parts for the fuzz tests (fast-check): strings, JSON values and
 * bodies, query strings, path segments, cookies, content types. Shared by the runtime fuzz of /api
 * and /images (tests/worker/fuzz.test.ts) and the page fuzz against the production build
 * (tests/e2e/fuzz-pages.spec.ts), so both throw the same kind of input at the store.
 */
import fc from "fast-check";

/** Strings that broke something somewhere once: control characters, escapes, paths, numbers that are not. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "ab\u0000cd",
  "\u0000\u0000\u0000",
  "\t\n\r",
  "\u007f\u0085\u2028",
  "\ud800",
  "\udfff\ud800",
  "%",
  "%00",
  "%E0%A4%A",
  "%ED%A0%80",
  "%2e%2e%2f",
  "../../etc/passwd",
  "/.//evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"',
  '"*"',
  "*",
  'W/"x"',
  "NEAR(a b)",
  "a OR b",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x10",
  "9007199254740993",
  "-1",
  "0",
  "99",
  "100",
  "９９",
  "true",
  "null",
  "[]",
  "{}",
  "Order Placed",
  "Cancelled",
  "COD",
  "Online",
  "Vegetables",
  "s1",
  "1.x",
  "a".repeat(300),
  "é".repeat(600),
  "😀".repeat(60),
];

/** encodeURIComponent that also takes lone surrogates (as U+FFFD, which is what a browser sends). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd"));
  }
}

/** A header value as a client can send it: printable ASCII (other bytes would be re-encoded by the runtime anyway). */
export function asHeader(text: string): string {
  return text.replace(/[^\x20-\x7e\t]/g, "?");
}

export const hostileString = (extra: string[] = []): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS, ...(extra.length ? extra : [""])) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  );

/** Any JSON value, leaning on the nasty strings and odd numbers. */
export const hostileJsonValue = (extra: string[] = []): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      hostileString(extra),
      fc.constantFrom(0, -1, 1, 1.5, 99, 100, 1e9, -1e9, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 1e308, null, true, false),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(hostileString(extra), tie("value"), { maxKeys: 4 }),
    ),
  })).value;

/** A JSON object with the store's own field names (so validation is reached), hostile values and stray keys. */
export const hostileObject = (fields: string[], extra: string[] = []): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...fields, "__proto__", "constructor", "userId", "_id", "isPaid", "amount"), hostileJsonValue(extra), { maxKeys: 6 }),
      fc.dictionary(hostileString(), hostileJsonValue(extra), { maxKeys: 2 }),
    )
    .map(([known, stray]) => ({ ...stray, ...known }));

/** A request body as text: JSON (object or not), broken JSON, plain text, or far too much. */
export const hostileJsonText = (fields: string[], extra: string[] = []): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: hostileObject(fields, extra).map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: hostileJsonValue(extra).map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: hostileObject(fields, extra).map((o) => JSON.stringify(o).slice(0, -1)) },
    { weight: 1, arbitrary: hostileString(extra) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":1}'.padEnd(40_000, " "), "[".repeat(5_000), `{"email":"${"a".repeat(20_000)}"}`) },
  );

/** A query string of the store's own parameters (and strays) with hostile values, percent-encoded or raw. */
export const hostileQuery = (params: string[], extra: string[] = []): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.constantFrom(...params, "__proto__", "userId"), hostileString(extra), fc.boolean()), { maxLength: 4 })
    .map((pairs) =>
      pairs.length === 0 ? "" : "?" + pairs.map(([key, value, raw]) => `${key}=${raw ? value.replace(/[#\s?&%]/g, encode) : encode(value)}`).join("&"),
    );

/** A path segment as an attacker writes it: raw, percent-encoded, or with broken escapes. */
export const hostileSegment = (extra: string[] = []): fc.Arbitrary<string> =>
  fc.oneof(
    hostileString(extra).map(encode),
    fc.constantFrom("%", "%E0%A4%A", "%ED%A0%80", "%2e%2e", "..", ".", "%2F", "%00", "a%00b", "x".repeat(1100), "%C3%A9".repeat(400), ";", "@", "~"),
  );

export const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/jsonx",
  "text/plain",
  "text/html",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=zz",
  "application/octet-stream",
  "garbage",
  ";;;",
];

/** A Cookie header: none, the fixtures' real sessions, forged or broken ones, a hostile guest cart. */
export const hostileCookie = (real: string[]): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(...real),
    fc.constantFrom(
      "sid=abc.def",
      "sid=" + "A".repeat(43) + ".forged",
      "seller_sid=x",
      "sid=",
      "=;=;;",
      "cart=%E0%A4%A",
      "cart=" + "a:99,".repeat(300),
      "cart=__proto__:5,constructor:1",
      "sid=" + "x".repeat(5000),
    ),
    fc.tuple(fc.constantFrom(...real, ""), hostileString()).map(([session, cart]) => `${session}; cart=${encode(cart)}`),
  );

/** Where a request claims to come from: nowhere said, this site, another site, the allow-listed partner. */
export const SITES = [
  { name: "no browser headers", headers: {}, crossSite: false },
  { name: "same origin", headers: { Origin: "http://localhost:8787", "Sec-Fetch-Site": "same-origin" }, crossSite: false },
  { name: "typed in the address bar", headers: { "Sec-Fetch-Site": "none" }, crossSite: false },
  { name: "another site's link", headers: { "Sec-Fetch-Site": "cross-site" }, crossSite: true },
  { name: "a sibling subdomain", headers: { "Sec-Fetch-Site": "same-site" }, crossSite: true },
  { name: "another site's script", headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }, crossSite: true },
  { name: "a sandboxed frame", headers: { Origin: "null" }, crossSite: true },
] as const;

/** How many runs a fuzz property makes: FUZZ_RUNS (npm run fuzz) or the bounded default of npm test. */
export function fuzzRuns(configured: string | undefined, bounded: number): number {
  const runs = Number(configured);
  return Number.isInteger(runs) && runs > 0 ? runs : bounded;
}

/** A stack trace or an internal error's name in a response body. */
export const LEAK = /\n\s+at\s|\bat\s\S+\s\(.*:\d+:\d+\)|D1_ERROR|SQLITE|DrizzleQueryError|TypeError|ReferenceError|SyntaxError: |RangeError/;
