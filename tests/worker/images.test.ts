import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/http";

const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);

describe("GET /images/*", () => {
  it("serves an R2 object with its type and immutable caching", async () => {
    await env.IMAGES.put("products/test.webp", WEBP, { httpMetadata: { contentType: "image/webp" } });
    const response = await call("/images/products/test.webp");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("etag")).toMatch(/^".+"$/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(WEBP);
  });

  it("HEAD: the headers a GET would send, its size, and no body", async () => {
    await env.IMAGES.put("products/head.webp", WEBP, { httpMetadata: { contentType: "image/webp" } });
    const response = await call("/images/products/head.webp", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("content-length")).toBe(String(WEBP.byteLength));
    expect(response.headers.get("etag")).toMatch(/^".+"$/);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    expect((await call("/images/products/no-such.webp", { method: "HEAD" })).status).toBe(404);
  });

  it("answers 304 when the browser already has it", async () => {
    await env.IMAGES.put("products/cached.webp", WEBP, { httpMetadata: { contentType: "image/webp" } });
    const first = await call("/images/products/cached.webp");
    await first.arrayBuffer();
    const again = await call("/images/products/cached.webp", { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("a missing key is a 404", async () => {
    const response = await call("/images/products/missing.webp");
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });

  it("refuses writes", async () => {
    const response = await call("/images/products/x.webp", { method: "PUT", body: "x" });
    expect(response.status).toBe(405);
    await response.arrayBuffer();
  });

  it("a path that can name no image is a 404, never a 500: a bad percent-escape, a key longer than R2 allows", async () => {
    for (const path of [
      "/images/%E0%A4%A",
      "/images/%",
      "/images/%ZZ.webp",
      "/images/%ED%A0%80",
      `/images/${"a".repeat(1025)}`,
      `/images/${"%C3%A9".repeat(513)}`,
      "/images/a%00b",
    ]) {
      const response = await call(path);
      expect(response.status, path.slice(0, 40)).toBe(404);
      expect(await response.text()).toBe("Image not found");
    }
    const longest = await call(`/images/${"a".repeat(1024)}`);
    expect(longest.status).toBe(404);
    await longest.arrayBuffer();
  });

  it("conditional requests: a failed If-Match or If-Unmodified-Since is 412, If-None-Match or If-Modified-Since 304, unparsable dates are ignored", async () => {
    await env.IMAGES.put("products/conditional.webp", WEBP, { httpMetadata: { contentType: "image/webp" } });
    const first = await call("/images/products/conditional.webp");
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const past = "Mon, 01 Jan 2001 00:00:00 GMT";
    const future = new Date(Date.now() + 86_400_000).toUTCString();
    const cases: [Record<string, string>, number][] = [
      [{ "If-Match": '"something-else"' }, 412],
      [{ "If-Match": "garbage" }, 412],
      [{ "If-Match": `W/${etag}` }, 412],
      [{ "If-Match": etag }, 200],
      [{ "If-Match": `"other", ${etag}` }, 200],
      [{ "If-Match": "*" }, 200],
      [{ "If-Unmodified-Since": past }, 412],
      [{ "If-Unmodified-Since": future }, 200],
      [{ "If-Unmodified-Since": "garbage" }, 200],
      [{ "If-Match": etag, "If-Unmodified-Since": past }, 200],
      [{ "If-None-Match": etag }, 304],
      [{ "If-None-Match": `W/${etag}` }, 304],
      [{ "If-None-Match": "garbage" }, 200],
      [{ "If-Modified-Since": future }, 304],
      [{ "If-Modified-Since": past }, 200],
      [{ "If-Modified-Since": "garbage" }, 200],
      [{ "If-None-Match": '"other"', "If-Modified-Since": future }, 200],
      [{ "If-Match": '"other"', "If-None-Match": etag }, 412],
    ];
    for (const [headers, status] of cases) {
      const response = await call("/images/products/conditional.webp", { headers });
      expect(response.status, JSON.stringify(headers)).toBe(status);
      const body = new Uint8Array(await response.arrayBuffer());
      if (status === 200) expect(body).toEqual(WEBP);
    }
  });
});
