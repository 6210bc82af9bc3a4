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
});
