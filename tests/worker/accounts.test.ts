import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, postJson } from "../support/http";
import { cookiesFrom, signUp } from "../support/shoppers";
import { insertProduct } from "../support/builders";

type UserAnswer = { success: boolean; msg?: string; user?: Record<string, unknown> };

async function userCount() {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>())!.n;
}

describe("registration", () => {
  it("creates a shopper, signs them in and never returns the password hash", async () => {
    const response = await postJson("/api/user/register", { name: "Asha", email: " Asha@Example.com ", password: "a long passphrase" });
    expect(response.status).toBe(201);
    const body = await json<UserAnswer>(response);
    expect(body.success).toBe(true);
    expect(body.user).toEqual({ _id: expect.any(String), name: "Asha", email: "asha@example.com", cartItems: {} });
    expect(JSON.stringify(body)).not.toMatch(/scrypt|password/i);

    const cookie = cookiesFrom(response);
    const me = await call("/api/user/is-auth", { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect((await json<UserAnswer>(me)).user?.email).toBe("asha@example.com");
  });

  it("stores a salted scrypt hash, not the password", async () => {
    await postJson("/api/user/register", { name: "A", email: "hash@example.com", password: "a long passphrase" });
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?").bind("hash@example.com").first<{ password_hash: string }>();
    expect(row!.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[^$]+\$[^$]+$/);
    expect(row!.password_hash).not.toContain("a long passphrase");
  });

  it("refuses the same e-mail again in another case or with spaces (409), keeping one account", async () => {
    await signUp({ email: "dup@example.com" });
    for (const email of ["dup@example.com", "DUP@example.com", "  dup@EXAMPLE.com  "]) {
      const response = await postJson("/api/user/register", { name: "Again", email, password: "another passphrase" });
      expect(response.status).toBe(409);
      expect((await json<UserAnswer>(response)).success).toBe(false);
    }
    expect(await userCount()).toBe(1);
  });

  it("ignores extra fields such as role, isSeller, _id and cartItems", async () => {
    const response = await postJson("/api/user/register", {
      name: "Mallory",
      email: "mallory@example.com",
      password: "a long passphrase",
      role: "admin",
      isSeller: true,
      _id: "chosen-id",
      cartItems: { x: 5 },
    });
    expect(response.status).toBe(201);
    const body = await json<UserAnswer>(response);
    expect(body.user?._id).not.toBe("chosen-id");
    expect(body.user?.cartItems).toEqual({});
    const seller = await call("/api/seller/is-auth", { headers: { Cookie: cookiesFrom(response) } });
    expect(seller.status).toBe(401);
  });

  it("validates name, e-mail and password with clear messages", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ email: "a@example.com", password: "a long passphrase" }, /name/i],
      [{ name: "A", email: "not-an-email", password: "a long passphrase" }, /e-mail/i],
      [{ name: "A", email: "a@example.com", password: "short" }, /at least 8/i],
      [{ name: "A", email: "a@example.com", password: "password123" }, /too easy/i],
      [{ name: "A", email: "a@example.com", password: "aaaaaaaaaaaa" }, /too easy/i],
      [{ name: "A", email: "a@example.com", password: "x".repeat(300) }, /at most/i],
    ];
    for (const [body, message] of cases) {
      const response = await postJson("/api/user/register", body);
      expect(response.status).toBe(400);
      expect((await json<UserAnswer>(response)).msg).toMatch(message);
    }
    expect(await userCount()).toBe(0);
  });

  it("accepts a long passphrase (64+ characters)", async () => {
    const password = "correct horse battery staple ".repeat(3);
    await signUp({ email: "long@example.com", password });
    const login = await postJson("/api/user/login", { email: "long@example.com", password });
    expect(login.status).toBe(200);
  });

  it("refuses a 1 MB body before hashing anything", async () => {
    const response = await postJson("/api/user/register", { name: "A", email: "big@example.com", password: "x".repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(await userCount()).toBe(0);
  });
});

describe("login and logout", () => {
  it("logs in with the right password, case-insensitive e-mail", async () => {
    const shopper = await signUp({ email: "login@example.com" });
    const response = await postJson("/api/user/login", { email: "LOGIN@example.com", password: shopper.password });
    expect(response.status).toBe(200);
    const body = await json<UserAnswer>(response);
    expect(body).toMatchObject({ success: true, user: { email: "login@example.com" } });
  });

  it("unknown e-mail and wrong password get the same status and message", async () => {
    await signUp({ email: "known@example.com" });
    const wrong = await postJson("/api/user/login", { email: "known@example.com", password: "wrong password" });
    const unknown = await postJson("/api/user/login", { email: "nobody@example.com", password: "wrong password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await json(wrong)).toEqual(await json(unknown));
  });

  it("SQL-looking input is just a failed login", async () => {
    await signUp({ email: "victim@example.com" });
    for (const body of [
      { email: "victim@example.com' OR '1'='1", password: "x' OR '1'='1" },
      { email: "victim@example.com", password: "' OR 1=1 --" },
    ]) {
      const response = await postJson("/api/user/login", body);
      expect([400, 401]).toContain(response.status);
      expect(JSON.stringify(await json(response))).not.toMatch(/sql|select|sqlite/i);
    }
  });

  it("issues a fresh session id at login: a cookie set before is never the session after", async () => {
    const shopper = await signUp({ email: "fixation@example.com" });
    const planted = "sid=attacker-chosen-id.forged";
    const response = await postJson("/api/user/login", { email: shopper.email, password: shopper.password }, { Cookie: planted });
    const issued = cookiesFrom(response);
    expect(issued).toMatch(/^sid=/);
    expect(issued).not.toContain("attacker-chosen-id");
    // Logging in again rotates the id.
    const again = await postJson("/api/user/login", { email: shopper.email, password: shopper.password }, { Cookie: issued });
    expect(cookiesFrom(again)).not.toBe(issued);
    expect((await call("/api/user/is-auth", { headers: { Cookie: issued } })).status).toBe(401);
  });

  it("sets HttpOnly, SameSite=Lax, Path=/ and a bounded lifetime on the session cookie", async () => {
    const response = await postJson("/api/user/register", { name: "A", email: "flags@example.com", password: "a long passphrase" });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    // React Router's signed cookie: the encoded id, a dot, its HMAC-SHA256. The id is 256 random bits.
    const [, value] = cookie.match(/^sid=([^;]+);/)!;
    const [encodedId, signature] = decodeURIComponent(value!).split(".");
    expect(JSON.parse(atob(encodedId!))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(atob(signature!)).toHaveLength(32);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    const maxAge = Number(cookie.match(/Max-Age=(\d+)/)![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60 * 60 * 24 * 30);
  });

  it("logout ends the session: the old cookie is refused everywhere", async () => {
    const shopper = await signUp();
    const logout = await call("/api/user/logout", { headers: { Cookie: shopper.cookie } });
    expect(await json(logout)).toEqual({ success: true, msg: "Logged Out", message: "Logged Out" });
    expect(logout.headers.getSetCookie().some((c) => c.startsWith("sid=;") && c.includes("Expires=Thu, 01 Jan 1970"))).toBe(true);
    const headers = { Cookie: shopper.cookie };
    expect((await call("/api/user/is-auth", { headers })).status).toBe(401);
    expect((await call("/api/order/user", { headers })).status).toBe(401);
    expect((await postJson("/api/address/get", {}, headers)).status).toBe(401);
    expect((await postJson("/api/cart/update", { cartItems: {} }, headers)).status).toBe(401);
  });

  it("refuses guessed or forged session ids", async () => {
    const shopper = await signUp();
    const [encodedId] = decodeURIComponent(shopper.cookie.match(/sid=([^;]+)/)![1]!).split(".");
    const forged = [
      "sid=abc",
      `sid=${"A".repeat(43)}.${"B".repeat(43)}`,
      "sid=",
      "sid=...",
      `sid=${encodeURIComponent(`${encodedId}.${btoa("x".repeat(32)).replace(/=+$/, "")}`)}`, // a real id, a made-up signature
      `sid=${encodeURIComponent(encodedId!)}`, // a real id, unsigned
    ];
    for (const cookie of forged) {
      expect((await call("/api/user/is-auth", { headers: { Cookie: cookie } })).status, cookie).toBe(401);
    }
  });

  it("keeps sessions signed with a previous secret while SESSION_SECRET rotates (newest first)", async () => {
    const { createSession, readSession } = await import("@worker/web/session");
    const request = new Request("http://localhost:8787/");
    const old = { ...env, SESSION_SECRET: "old-secret" };
    const cookie = (await createSession(request, old, "shopper", { userId: "u-1" })).split(";")[0]!;
    const withCookie = new Request("http://localhost:8787/", { headers: { Cookie: cookie } });
    expect(await readSession(withCookie, { ...env, SESSION_SECRET: "new-secret, old-secret" }, "shopper")).toMatchObject({ userId: "u-1" });
    expect(await readSession(withCookie, { ...env, SESSION_SECRET: "new-secret" }, "shopper")).toBeNull();
    // New cookies are signed with the newest secret only.
    const fresh = (await createSession(request, { ...env, SESSION_SECRET: "new-secret, old-secret" }, "shopper", { userId: "u-2" })).split(";")[0]!;
    expect(
      await readSession(new Request("http://localhost:8787/", { headers: { Cookie: fresh } }), { ...env, SESSION_SECRET: "new-secret" }, "shopper"),
    ).toMatchObject({ userId: "u-2" });
  });

  it("merges the guest cart into the saved cart at login and clears the guest cookie", async () => {
    const apple = await insertProduct({ name: "Apple" });
    const milk = await insertProduct({ name: "Milk" });
    const shopper = await signUp();
    await postJson("/api/cart/update", { cartItems: { [apple.id]: 2 } }, { Cookie: shopper.cookie });
    const response = await postJson(
      "/api/user/login",
      { email: shopper.email, password: shopper.password },
      { Cookie: `cart=${encodeURIComponent(`${apple.id}:1,${milk.id}:3,gone-product:2`)}` },
    );
    const body = await json<UserAnswer>(response);
    expect(body.user?.cartItems).toEqual({ [apple.id]: 2, [milk.id]: 3 });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("cart=;") && c.includes("Max-Age=0"))).toBe(true);
  });
});
