import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { HttpError } from "@worker/errors";
import { clientAddress } from "@worker/security/client-address";
import { WINDOW_LIMITS } from "@worker/security/limits";
import { sellerLoginForm } from "@worker/web/seller-forms";
import { submitAuthForm } from "@worker/web/shopper-session";
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

/** The shopper login or sign-up page form (login.tsx's action), from one address. */
async function authForm(fields: Record<string, string>, ip: Record<string, string>) {
  const request = new Request(`${ORIGIN}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...ip },
    body: new URLSearchParams(fields),
  });
  return submitAuthForm(request, { env, db: getDb(env) }).catch((error: unknown) => error);
}

const brakeCount = (key: string) => env.DB.prepare("SELECT count FROM brake_counts WHERE key = ?").bind(key).first<number>("count");

describe("brakes keyed on the client's address (ADR 065)", () => {
  it("password spraying: failed logins for many different accounts from one address are limited (429), the page form too; other addresses are not", async () => {
    const victim = await signUp();
    const sprayer = freshIp();
    // Forty e-mails, one guess each: before, every one was a 401.
    const statuses = await untilLimited(30, (i) =>
      postJson("/api/user/login", { email: `sprayed${i}-${crypto.randomUUID()}@example.com`, password: "Password@123" }, sprayer),
    );
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    // From that address, even a right password waits; the login form shares the brake.
    expect((await postJson("/api/user/login", { email: victim.email, password: victim.password }, sprayer)).status).toBe(429);
    expect(await authForm({ email: victim.email, password: victim.password }, sprayer)).toMatchObject({ status: 429 });
    // The shopper, from their own address, logs in.
    expect((await postJson("/api/user/login", { email: victim.email, password: victim.password }, freshIp())).status).toBe(200);
  });

  it("an IPv6 client is one client across its /64: spraying from many addresses of one network is limited, the next network is not", async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    // Signed up first: the brake's window is a clock minute, so the check must follow the 429 at once.
    const shopper = await signUp();
    const statuses = await untilLimited(30, (i) =>
      postJson(
        "/api/user/login",
        { email: `v6-${i}-${crypto.randomUUID()}@example.com`, password: "Password@123" },
        { "CF-Connecting-IP": `${network}:${i.toString(16)}::${i + 1}` },
      ),
    );
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect((await postJson("/api/user/login", { email: shopper.email, password: shopper.password }, { "CF-Connecting-IP": `${network}::beef` })).status).toBe(
      429,
    );
    expect((await postJson("/api/user/login", { email: shopper.email, password: shopper.password }, { "CF-Connecting-IP": `${network}1::beef` })).status).toBe(
      200,
    );
  });

  it("reads the client address: IPv4 whole, IPv6 by its /64 however it is written, an IPv4-mapped address as its IPv4 client", () => {
    const of = (ip?: string) => clientAddress(new Request(ORIGIN, ip === undefined ? {} : { headers: { "CF-Connecting-IP": ip } }));
    expect(of("198.51.100.7")).toBe("198.51.100.7");
    expect(of("2001:DB8:0:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(of("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(of("2001:0db8:0000:0001::ffff")).toBe("2001:db8:0:1::/64");
    expect(of("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(of("[2001:db8:0:1::1]")).toBe("2001:db8:0:1::/64");
    expect(of("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(of("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(of("64:ff9b::198.51.100.7")).toBe("64:ff9b:0:0::/64");
    expect(of("::1")).toBe("0:0:0:0::/64");
    // Not an address (a test's header, never Cloudflare's): its own key, never a crash.
    expect(of("1:2:3")).toBe("1:2:3");
    expect(of("")).toBe("unknown");
    expect(of()).toBe("unknown");
  });

  it("mass sign-up from one address: at most 20 an hour, the refused 'already exists' counted too; then 429 until the hour ends; other addresses unaffected", async () => {
    const ip = freshIp();
    const taken = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      // Every fifth asks about an existing account: an oracle answer counts like a sign-up.
      const email = i % 5 === 4 ? taken.email : `mass${i}-${crypto.randomUUID()}@example.com`;
      const response = await postJson("/api/user/register", { name: "Mass", email, password: "correct horse battery" }, ip);
      statuses.push(response.status);
      if (response.status === 429) {
        const retryAfter = Number(response.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(3600);
        expect((await json(response)).msg).toBe(WINDOW_LIMITS.signUps.msg);
      } else await response.arrayBuffer();
    }
    expect(statuses.slice(0, 20).every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    // No more accounts than the limit, and the existing e-mail is no longer confirmed from there.
    const created = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'mass%'").first<number>("n");
    expect(created).toBe(16);
    expect((await postJson("/api/user/register", { name: "Mass", email: taken.email, password: "correct horse battery" }, ip)).status).toBe(429);
    // The sign-up page form shares the count.
    expect(
      await authForm({ intent: "register", name: "Mass", email: `form-${crypto.randomUUID()}@example.com`, password: "correct horse battery" }, ip),
    ).toMatchObject({
      status: 429,
    });
    // Someone else, elsewhere, signs up.
    await signUp();
    // An hour later, the address may sign up again.
    await env.DB.prepare("UPDATE brake_counts SET window_start = window_start - 3600000 WHERE key = ?").bind(`sign-ups:${ip["CF-Connecting-IP"]}`).run();
    expect(
      (await postJson("/api/user/register", { name: "Later", email: `later-${crypto.randomUUID()}@example.com`, password: "correct horse battery" }, ip))
        .status,
    ).toBe(201);
  });

  it("sign-ups at once from one address cannot pass the hour's limit together (the count is the write)", async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postJson("/api/user/register", { name: "Burst", email: `burst${i}-${crypto.randomUUID()}@example.com`, password: "correct horse battery" }, ip),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'burst%'").first<number>("n")).toBe(20);
  });

  it("slow spraying: failed logins from one address are counted for the hour, successful ones are not; past 100, even the right password waits", async () => {
    const shopper = await signUp();
    const ip = freshIp();
    const key = `failed-logins:${ip["CF-Connecting-IP"]}`;
    for (let i = 0; i < 3; i++) expect((await postJson("/api/user/login", { email: shopper.email, password: shopper.password }, ip)).status).toBe(200);
    expect(await postJson("/api/user/login", { email: "", password: "" }, ip).then((r) => r.status)).toBe(400);
    expect(await brakeCount(key)).toBe(0);
    expect((await postJson("/api/user/login", { email: shopper.email, password: "wrong password" }, ip)).status).toBe(401);
    expect(await brakeCount(key)).toBe(1);
    // An hour's worth of failures from that address (across minutes, so the binding's minute never saw them).
    await env.DB.prepare("UPDATE brake_counts SET count = 100 WHERE key = ?").bind(key).run();
    const limited = await postJson("/api/user/login", { email: shopper.email, password: shopper.password }, ip);
    expect(limited.status).toBe(429);
    expect((await json(limited)).msg).toBe(WINDOW_LIMITS.failedLogins.msg);
    expect((await postJson("/api/user/login", { email: shopper.email, password: shopper.password }, freshIp())).status).toBe(200);
  });
});
