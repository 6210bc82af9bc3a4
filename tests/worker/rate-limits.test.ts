import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { HttpError } from "@worker/errors";
import { sellerLoginForm } from "@worker/web/seller-forms";
import { insertProduct } from "../support/builders";
import { call, freshIp, json, ORIGIN, postJson } from "../support/http";
import { addAddress, signUp } from "../support/shoppers";

/**
 * Repeat an attempt until the limiter answers 429, at most twice its limit and once more: its
 * windows follow the wall clock (a minute starts at :00), so a run that straddles a boundary gets
 * a fresh allowance mid-way, and only then. Returns every status, the 429 last.
 */
async function untilLimited(limit: number, attempt: (i: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 2 * limit + 1; i++) {
    const response = await attempt(i);
    statuses.push(response.status);
    if (response.status === 429) {
      expect(response.headers.get("retry-after")).toBe("60");
      expect((await json(response)).success).toBe(false);
      break;
    }
    await response.arrayBuffer();
  }
  expect(statuses.at(-1), `no 429 within ${2 * limit + 1} attempts`).toBe(429);
  return statuses;
}

describe("rate limits answer 429 with Retry-After", () => {
  it("many failed logins for one account from one client: limited on account + real IP; forged X-Forwarded-For does not help; others unaffected", async () => {
    const victim = await signUp({ email: "target@example.com" });
    const attacker = freshIp();
    const statuses = await untilLimited(10, (i) =>
      postJson("/api/user/login", { email: victim.email, password: `guess ${i}` }, { ...attacker, "X-Forwarded-For": `10.0.0.${i}` }),
    );
    // Ten wrong passwords a minute reach the check, whatever X-Forwarded-For says; then 429.
    expect(statuses.length).toBeGreaterThanOrEqual(11);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    // Even the right password is refused while limited.
    expect((await postJson("/api/user/login", { email: victim.email, password: victim.password }, attacker)).status).toBe(429);
    // Someone else, from another machine, logs in normally.
    const other = await signUp();
    expect((await postJson("/api/user/login", { email: other.email, password: other.password }, freshIp())).status).toBe(200);
    expect((await postJson("/api/user/login", { email: victim.email, password: victim.password }, freshIp())).status).toBe(200);
  });

  it("seller brute force is throttled like shoppers'", async () => {
    const ip = freshIp();
    const statuses = await untilLimited(10, (i) => postJson("/api/seller/login", { email: "seller@test.example", password: `guess ${i}` }, ip));
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
  });

  it("seller login guessed from 35 addresses, one guess each: the seller account is limited too, for the API and the page form", async () => {
    // Each guess from a new address, the same account however the e-mail is typed: at most 30 a
    // minute reach the password check (fewer if this file's other tests used some), then 429.
    const statuses = await untilLimited(30, (i) => {
      const email = i % 2 === 0 ? env.SELLER_EMAIL! : `  ${env.SELLER_EMAIL!.toUpperCase()} `;
      return postJson("/api/seller/login", { email, password: `guess ${i}` }, freshIp());
    });
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    // While limited even the right password is refused, from yet another address.
    expect((await postJson("/api/seller/login", { email: env.SELLER_EMAIL, password: env.SELLER_PASSWORD }, freshIp())).status).toBe(429);
    // The /seller/login page form shares the brake.
    const form = new Request(`${ORIGIN}/seller/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...freshIp() },
      body: new URLSearchParams({ email: env.SELLER_EMAIL!, password: env.SELLER_PASSWORD! }),
    });
    const refused = await sellerLoginForm(form, { env, ctx: createExecutionContext(), db: getDb(env) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
  });

  it("many orders per minute from one account are limited and the cart stays intact", async () => {
    const apple = await insertProduct({ stock: null });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    await postJson("/api/cart/update", { cartItems: { [apple.id]: 1 } }, { Cookie: shopper.cookie });
    const statuses = await untilLimited(10, () =>
      postJson("/api/order/stripe", { items: [{ product: apple.id, quantity: 1 }], address: "not-mine" }, { Cookie: shopper.cookie }),
    );
    expect(statuses.length).toBeGreaterThanOrEqual(11);
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    const limited = await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address }, { Cookie: shopper.cookie });
    expect(limited.status).toBe(429);
    const me = await json<{ user: { cartItems: unknown } }>(await call("/api/user/is-auth", { headers: { Cookie: shopper.cookie } }));
    expect(me.user.cartItems).toEqual({ [apple.id]: 1 });
  });

  it("newsletter sign-ups per IP", async () => {
    const ip = freshIp();
    const statuses = await untilLimited(5, (i) => postJson("/api/newsletter/subscribe", { email: `n${i}@example.com` }, ip));
    expect(statuses.length).toBeGreaterThanOrEqual(6);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
  });
});
