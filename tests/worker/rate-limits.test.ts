import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { HttpError } from "@worker/errors";
import { sellerLoginForm } from "@worker/web/seller-forms";
import { insertProduct } from "../support/builders";
import { call, freshIp, json, ORIGIN, postJson } from "../support/http";
import { addAddress, signUp } from "../support/shoppers";

describe("rate limits answer 429 with Retry-After", () => {
  it("many failed logins for one account from one client: limited on account + real IP; forged X-Forwarded-For does not help; others unaffected", async () => {
    const victim = await signUp({ email: "target@example.com" });
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await postJson("/api/user/login", { email: victim.email, password: `guess ${i}` }, { ...attacker, "X-Forwarded-For": `10.0.0.${i}` });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get("retry-after")).toBe("60");
        expect((await json(response)).success).toBe(false);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password is refused while limited.
    expect((await postJson("/api/user/login", { email: victim.email, password: victim.password }, attacker)).status).toBe(429);
    // Someone else, from another machine, logs in normally.
    const other = await signUp();
    expect((await postJson("/api/user/login", { email: other.email, password: other.password }, freshIp())).status).toBe(200);
    expect((await postJson("/api/user/login", { email: victim.email, password: victim.password }, freshIp())).status).toBe(200);
  });

  it("seller brute force is throttled like shoppers'", async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await postJson("/api/seller/login", { email: "seller@test.example", password: `guess ${i}` }, ip)).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it("seller login guessed from 35 addresses, one guess each: the seller account is limited too, for the API and the page form", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      // The same account however the e-mail is typed.
      const email = i % 2 === 0 ? env.SELLER_EMAIL! : `  ${env.SELLER_EMAIL!.toUpperCase()} `;
      statuses.push((await postJson("/api/seller/login", { email, password: `guess ${i}` }, freshIp())).status);
    }
    // At most 30 guesses a minute reach the password check (fewer if this file's other tests used some).
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    expect(statuses.indexOf(429)).toBe(statuses.filter((s) => s === 401).length);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
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
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await postJson("/api/order/stripe", { items: [{ product: apple.id, quantity: 1 }], address: "not-mine" }, { Cookie: shopper.cookie })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address }, { Cookie: shopper.cookie });
    expect(limited.status).toBe(429);
    const me = await json<{ user: { cartItems: unknown } }>(await call("/api/user/is-auth", { headers: { Cookie: shopper.cookie } }));
    expect(me.user.cartItems).toEqual({ [apple.id]: 1 });
  });

  it("newsletter sign-ups per IP", async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await postJson("/api/newsletter/subscribe", { email: `n${i}@example.com` }, ip)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
