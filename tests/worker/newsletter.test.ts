import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshIp, json, postJson as post } from "../support/http";

// Each request from its own client address: the per-IP limit has its own test (rate-limits.test.ts).
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) => post(path, body, { ...freshIp(), ...headers });

async function subscribers() {
  const { results } = await env.DB.prepare("SELECT email FROM newsletter_subscribers").all<{ email: string }>();
  return results.map((r) => r.email);
}

describe("POST /api/newsletter/subscribe", () => {
  it("subscribes a valid address once, normalised", async () => {
    const first = await postJson("/api/newsletter/subscribe", { email: "  Asha@Example.COM " });
    expect(first.status).toBe(201);
    expect(await json(first)).toEqual({ success: true, msg: expect.stringContaining("Subscribed"), message: expect.stringContaining("Subscribed") });

    const again = await postJson("/api/newsletter/subscribe", { email: "asha@example.com" });
    expect(again.status).toBe(200);
    expect((await json(again)).msg).toBe("You are already subscribed.");
    expect(await subscribers()).toEqual(["asha@example.com"]);
  });

  it("refuses an invalid address with 400 and stores nothing", async () => {
    for (const email of ["", "not-an-email", "a@", 42, null]) {
      const response = await postJson("/api/newsletter/subscribe", { email });
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ success: false, msg: expect.any(String), message: expect.any(String) });
    }
    expect(await subscribers()).toEqual([]);
  });

  it("refuses malformed JSON (400), another content type (415) and a huge body (413)", async () => {
    expect((await postJson("/api/newsletter/subscribe", "{not json")).status).toBe(400);
    const form = await postJson("/api/newsletter/subscribe", "email=a@b.co", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    const huge = await postJson("/api/newsletter/subscribe", { email: "a@b.co", padding: "x".repeat(100_000) });
    expect(huge.status).toBe(413);
    expect(await subscribers()).toEqual([]);
  });
});
