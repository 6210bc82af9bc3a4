import { describe, expect, it } from "vitest";
import { insertProduct } from "../support/builders";
import { call, freshIp, json, postJson } from "../support/http";
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
