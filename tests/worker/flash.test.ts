/**
 * Flash messages (worker/web/flash.ts) and the no-JavaScript answers of the page forms that use
 * them: the one form adapter (answerForm), the login and sign-up form returning
 * the shopper to where they were (through the one redirect-target check), the cart's forms, a
 * guest's Place Order, and the seller's login form.
 *
 * Route actions and the root loader run here as React Router runs them on the server: inside the
 * root's middleware, with the context the Worker builds, against the real local D1 and KV.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createCookie, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import * as root from "~/root";
import * as login from "~/routes/account/login";
import * as cart from "~/routes/shop/cart";
import * as delivery from "~/routes/shop/delivery";
import * as home from "~/routes/shop/home";
import * as addAddressPage from "~/routes/shop/add-address";
import * as sellerCancel from "~/routes/seller/order-cancel";
import * as sellerLoginPage from "~/routes/seller/login";
import * as sellerLogout from "~/routes/seller/logout";
import * as shopperLogout from "~/routes/account/logout";
import { CART_COOKIE, parseCart, serializeCart } from "@worker/web/cart-cookie";
import { readCookie } from "@shared/cookies";
import { getDb } from "@worker/db/client";
import { isCacheable } from "@worker/edge-cache";
import { answerForm } from "@worker/web/form-answer";
import { workerContext } from "@worker/web/context";
import { FLASH_COOKIE, readFlash, serializeFlash, withFlash, type Flash } from "@worker/web/flash";
import { badRequest, HttpError, parseInput } from "@worker/errors";
import { productInput } from "@worker/validation/product";
import { storeSettingsInput } from "@worker/validation/store-settings";
import { insertProduct } from "../support/builders";
import { call, freshIp, ORIGIN, postJson } from "../support/http";
import { runRoute } from "../support/routes";
import { sellerLogin } from "../support/seller";
import { addAddress, signUp, VALID_ADDRESS } from "../support/shoppers";

/** The settings form as the seller posts it. */
const SETTINGS_FORM = {
  state: "Karnataka",
  expressPincodes: "560001 30",
  standardMinDays: "2",
  standardMaxDays: "7",
  taxPercent: "2",
  contactEmail: "support@greenbasket.example",
  contactPhone: "+91 80000 00000",
  contactHours: "every day",
  contactLegalName: "GreenBasket Retail Pvt. Ltd.",
  contactOffice: "12 Market Road",
  contactGstin: "",
};

/** The field named by the refusal `parse` throws. */
function fieldRefused(parse: () => unknown): string | undefined {
  try {
    parse();
  } catch (error) {
    if (error instanceof HttpError) return error.field;
    throw error;
  }
  throw new Error("not refused");
}

// ---------------------------------------------------------------------------------------------
// One request through the root's middleware and a route's loader or action.

type Args = { request: Request; context: RouterContextProvider; params: Record<string, string>; url: URL; pattern: string };
type Middleware = (args: never, next: () => Promise<Response>) => unknown;

/** What a loader or action gave back, as the Response React Router would make of it. */
function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  const withInit = result as { type?: string; data?: unknown; init?: ResponseInit } | null;
  if (withInit?.type === "DataWithResponseInit") return Response.json(withInit.data, withInit.init ?? {});
  return Response.json(result);
}

/** Run `handler` inside the root's middleware (React Router calls `next` itself when a middleware does not). */
async function throughRoot(request: Request, handler: (args: never) => unknown): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx: createExecutionContext(), db: getDb(env) });
  const args: Args = { request, context, params: {}, url: new URL(request.url), pattern: "" };
  const chain = root.middleware as unknown as Middleware[];
  const dispatch = async (i: number): Promise<Response> => {
    if (i === chain.length) return asResponse(await Promise.resolve(handler(args as never)).catch((thrown: unknown) => thrown));
    let downstream: Response | undefined;
    const next = async () => (downstream = await dispatch(i + 1));
    const returned = await chain[i]!(args as never, next);
    if (!downstream) await next();
    return (returned as Response | undefined) ?? downstream!;
  };
  return dispatch(0);
}

const rootData = async (response: Response) => (await response.json()) as { flash: Flash | null; prices: Record<string, number> };

/** A form as the browser posts it: `document` without JavaScript, `empty` from a fetcher. */
function formPost(path: string, fields: Record<string, string>, { dest = "document", cookie = "" }: { dest?: "document" | "empty"; cookie?: string } = {}) {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "Sec-Fetch-Dest": dest, Cookie: cookie, ...freshIp() },
    body: new URLSearchParams(fields),
  });
}

function page(path: string, cookie = ""): Request {
  return new Request(new URL(path, ORIGIN), { headers: { Cookie: cookie } });
}

/** The Set-Cookie header of `name` in a response, if any. */
function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** The cookie pair (`flash=…`) a response set, to send with the next request. */
function flashPair(response: Response): string {
  const header = setCookie(response, FLASH_COOKIE);
  expect(header, "a flash cookie").toBeDefined();
  return header!.split(";")[0]!;
}

/** The flash a response carries to the page it redirects to, as that page's root loader reads it. */
async function carried(response: Response): Promise<Flash | null> {
  const next = await throughRoot(page(response.headers.get("Location") ?? "/", flashPair(response)), root.loader as never);
  return (await rootData(next)).flash;
}

// ---------------------------------------------------------------------------------------------

describe("flash messages", () => {
  it("a marked redirect becomes a signed HttpOnly cookie; the next page shows it once and clears it", async () => {
    const marked = await throughRoot(page("/"), () =>
      withFlash(new Response(null, { status: 303, headers: { Location: "/cart" } }), { kind: "success", message: "Cart Updated" }),
    );
    expect(marked.status).toBe(303);
    expect(marked.headers.get("X-Flash"), "the internal mark never leaves the Worker").toBeNull();
    const cookie = setCookie(marked, FLASH_COOKIE)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=60/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const shown = await throughRoot(page("/cart", flashPair(marked)), root.loader as never);
    expect((await rootData(shown)).flash).toEqual({ kind: "success", message: "Cart Updated" });
    expect(setCookie(shown, FLASH_COOKIE), "read once: cleared on the answer that showed it").toMatch(/Max-Age=0/i);
  });

  it("a request whose root loader does not run (a client-side navigation) leaves the flash for the next page", async () => {
    const marked = await throughRoot(page("/"), () =>
      withFlash(new Response(null, { status: 302, headers: { Location: "/" } }), { kind: "error", message: "Oops" }),
    );
    const untouched = await throughRoot(page("/products.data", flashPair(marked)), () => Response.json({ products: [] }));
    expect(setCookie(untouched, FLASH_COOKIE)).toBeUndefined();
    expect(await carried(marked)).toEqual({ kind: "error", message: "Oops" });
  });

  it("only the page redirected to takes it: a revalidation of the page left behind, racing the redirect, leaves it (a lost Logged Out)", async () => {
    const shopper = await signUp();
    const loggedOut = await call("/logout", {
      method: "POST",
      headers: { Cookie: shopper.cookie, Origin: ORIGIN, "Sec-Fetch-Dest": "document", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(loggedOut.status).toBe(303);
    expect(loggedOut.headers.get("Location")).toBe("/");
    const cookie = flashPair(loggedOut);
    const behind = await call("/logout.data", { headers: { Cookie: cookie } });
    expect(setCookie(behind, FLASH_COOKIE), "not cleared by /logout's revalidation").toBeUndefined();
    const home = await call("/_.data", { headers: { Cookie: cookie } });
    expect(await home.text()).toContain("Logged Out");
    expect(setCookie(home, FLASH_COOKIE)).toMatch(/Max-Age=0/i);
  });

  it("a forged, tampered or foreign-signed flash is never shown, and is cleared", async () => {
    const foreign = await createCookie(FLASH_COOKIE, { secrets: ["another-store"] }).serialize({ kind: "error", message: "Call +1 555 to claim a prize" });
    const genuine = await serializeFlash(page("/"), env, { kind: "success", message: "Saved" });
    const pair = genuine.split(";")[0]!;
    const tampered = `${pair.slice(0, -1)}${pair.endsWith("A") ? "B" : "A"}`;
    for (const cookie of [
      `${FLASH_COOKIE}=hello`,
      `${FLASH_COOKIE}=${btoa(JSON.stringify({ kind: "error", message: "x" }))}`,
      foreign.split(";")[0]!,
      tampered,
    ]) {
      const response = await throughRoot(page("/", cookie), root.loader as never);
      expect((await rootData(response)).flash, cookie).toBeNull();
      expect(setCookie(response, FLASH_COOKIE), cookie).toMatch(/Max-Age=0/i);
    }
  });

  it("only a success or an error with text is a flash; long text is cut", async () => {
    const request = (value: unknown) =>
      createCookie(FLASH_COOKIE, { secrets: [env.SESSION_SECRET!.split(",")[0]!] })
        .serialize(value)
        .then((c) => page("/", c.split(";")[0]));
    expect(await readFlash(await request({ kind: "loading", message: "x" }), env)).toBeNull();
    expect(await readFlash(await request({ kind: "success", message: "" }), env)).toBeNull();
    expect(await readFlash(await request("just text"), env)).toBeNull();
    expect((await readFlash(await request({ kind: "success", message: "x".repeat(500) }), env))?.message).toHaveLength(200);
  });

  it("a visitor with a flash waiting is never served from, or stored in, the edge cache", () => {
    expect(isCacheable(page("/products"))).toBe(true);
    expect(isCacheable(page("/products", `${FLASH_COOKIE}=x`))).toBe(false);
  });
});

describe("page form adapters", () => {
  it("answerForm: a fetcher gets the result; a post without JavaScript a 303 back to the page that carries the message", async () => {
    const result = { msg: "Order is now Packing" };
    const fetched = asResponse(await answerForm(formPost("/seller/orders?index", {}, { dest: "empty" }), async () => result));
    expect(await fetched.json()).toEqual({ ok: true, msg: "Order is now Packing" });

    const response = await throughRoot(formPost("/seller/orders?index&page=2", {}), (args: Args) => answerForm(args.request, async () => result));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/seller/orders?page=2");
    expect(await carried(response)).toEqual({ kind: "success", message: "Order is now Packing" });
  });

  it("answerForm's refusal: { ok: false, msg } with its status for a fetcher; without JavaScript the page again with what was typed, or a 303 with the message; other errors propagate", async () => {
    const refuse = async (): Promise<{ msg: string }> => {
      throw badRequest("Please select an address");
    };
    const fetched = asResponse(await answerForm(formPost("/cart?checkout", {}, { dest: "empty" }), refuse, { refusal: {} }));
    expect(fetched.status).toBe(400);
    expect(await fetched.json()).toEqual({ ok: false, msg: "Please select an address" });

    const rendered = asResponse(await answerForm(formPost("/add-address", { city: "Mysuru" }), refuse));
    expect([rendered.status, await rendered.json()]).toEqual([400, { ok: false, msg: "Please select an address", typed: { city: "Mysuru" } }]);

    const own = await throughRoot(formPost("/cart?checkout", {}), (args: Args) => answerForm(args.request, refuse, { refusal: {} }));
    expect([own.status, own.headers.get("Location")]).toEqual([303, "/cart?checkout"]);
    const elsewhere = await throughRoot(formPost("/cart?checkout", {}), (args: Args) =>
      answerForm(args.request, refuse, { refusal: { to: (error: HttpError) => `/somewhere?status=${error.status}` } }),
    );
    expect(elsewhere.headers.get("Location")).toBe("/somewhere?status=400");
    expect(await carried(elsewhere)).toEqual({ kind: "error", message: "Please select an address" });

    await expect(answerForm(formPost("/cart", {}), async () => Promise.reject(new Error("bug")))).rejects.toThrow("bug");
  });

  it("answerForm's refusal.keep: a refused post without JavaScript brings back the fields named, and only those; not for a fetcher, nor a body refused for its size", async () => {
    const fields = { email: "asha@example.com", password: "secret-okra-2026", note: "hello" };
    const refuseAfterReading = (status: 401 | 413) => async (request: Request) => {
      await request.formData(); // the action reads the body, as a real one does
      throw new HttpError(status, "Invalid email or password");
    };
    const keepEmail = (status: 401 | 413) => (args: Args) =>
      answerForm(args.request, () => refuseAfterReading(status)(args.request), { refusal: { keep: ["email", "name"] } });

    const own = await throughRoot(formPost("/login", fields), keepEmail(401));
    expect(await carried(own)).toEqual({ kind: "error", message: "Invalid email or password", typed: { email: "asha@example.com" } });
    const fetched = await throughRoot(formPost("/login", fields, { dest: "empty" }), keepEmail(401));
    expect(await fetched.json()).toEqual({ ok: false, msg: "Invalid email or password" });
    expect(await carried(await throughRoot(formPost("/login", fields), keepEmail(413)))).toEqual({ kind: "error", message: "Invalid email or password" });
  });

  it("a flash cookie's typed fields are read as text only, a few and short: anything else is dropped", async () => {
    const forged = { kind: "error", message: "Refused", typed: { email: "a@example.com", count: 3, long: "x".repeat(300), nested: { a: "b" } } };
    const cookie = await serializeFlash(page("/"), env, forged as unknown as Flash);
    const flash = await readFlash(page("/", cookie.split(";")[0]!), env);
    expect(flash).toEqual({ kind: "error", message: "Refused", typed: { email: "a@example.com" } });
    // Its field is a field's name, or nothing.
    const readField = async (field: unknown) =>
      (await readFlash(page("/", (await serializeFlash(page("/"), env, { kind: "error", message: "Refused", field } as Flash)).split(";")[0]!), env))?.field;
    expect(await readField("contact.email")).toBe("contact.email");
    for (const bad of ['"><img src=x>', "x".repeat(41), 3, ["email"], ""]) expect(await readField(bad)).toBeUndefined();
  });
});

describe("login and sign-up return the shopper to where they were", () => {
  const registration = (redirectTo: string) => ({
    intent: "register",
    name: "Asha Rao",
    email: `flash-${crypto.randomUUID()}@example.com`,
    password: "crisp-okra-2026",
    redirectTo,
  });

  it("sign-up without JavaScript from the cart: back to /cart, signed in, with a welcome", async () => {
    const response = await throughRoot(formPost("/login?mode=signup&redirectTo=%2Fcart", registration("/cart")), login.action as never);
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/cart"]);
    expect(setCookie(response, "sid")).toBeDefined();
    expect(await carried(response)).toEqual({ kind: "success", message: "Welcome, Asha! Your account is ready." });
  });

  it("login with JavaScript (a fetcher) is redirected the same way, welcome included", async () => {
    const shopper = await signUp({ name: "Ravi Kumar" });
    const response = await throughRoot(
      formPost(
        "/login?redirectTo=%2Fproducts%3Fsearch%3Drice",
        { intent: "login", email: shopper.email, password: shopper.password, redirectTo: "/products?search=rice" },
        { dest: "empty" },
      ),
      login.action as never,
    );
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/products?search=rice"]);
    expect(await carried(response)).toEqual({ kind: "success", message: "Welcome back, Ravi!" });
  });

  it("a login that adds the account's saved items to the guest's cart says how many joined it; a guest cart it only repeats, or none, adds nothing to the welcome", async () => {
    const [apple, milk, bread] = [await insertProduct({ name: "Apple" }), await insertProduct({ name: "Milk" }), await insertProduct({ name: "Bread" })];
    const shopper = await signUp({ name: "Meera Iyer" });
    await postJson("/api/cart/update", { cartItems: { [apple.id]: 1, [milk.id]: 2 } }, { Cookie: shopper.cookie });
    const logIn = async (guest: Record<string, number>) => {
      const cookie = Object.keys(guest).length ? `${CART_COOKIE}=${serializeCart(guest)}` : "";
      const response = await throughRoot(
        formPost("/login?redirectTo=%2Fcart", { intent: "login", email: shopper.email, password: shopper.password, redirectTo: "/cart" }, { cookie }),
        login.action as never,
      );
      expect(response.headers.get("Location")).toBe("/cart");
      return (await carried(response))?.message;
    };

    // Bread as a guest: Apple and Milk were saved before, and now sit beside it.
    expect(await logIn({ [bread.id]: 1 })).toBe("Welcome back, Meera! Your cart also has 2 items you saved earlier.");
    // Only what the cart already had (Bread is saved now too): one earlier item, said in the singular.
    expect(await logIn({ [apple.id]: 3, [milk.id]: 1 })).toBe("Welcome back, Meera! Your cart also has 1 item you saved earlier.");
    expect(await logIn({})).toBe("Welcome back, Meera!");
  });

  it("a redirectTo off this site ends at / (the one redirect-target check)", async () => {
    for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example", "/.//evil.example"]) {
      const response = await throughRoot(formPost("/login", registration(target)), login.action as never);
      expect(response.headers.get("Location"), target).toBe("/");
    }
  });

  it("a failed login without JavaScript comes back to the login page in its mode, with the message, and signs no one in", async () => {
    const shopper = await signUp();
    const failed = await throughRoot(
      formPost("/login?redirectTo=%2Fcart", { intent: "login", email: shopper.email, password: "not-the-password", redirectTo: "/cart" }),
      login.action as never,
    );
    expect([failed.status, failed.headers.get("Location")]).toEqual([303, "/login?redirectTo=%2Fcart"]);
    expect(setCookie(failed, "sid")).toBeUndefined();
    // The e-mail comes back to the form; the password never does.
    expect(await carried(failed)).toEqual({ kind: "error", message: "Invalid email or password", typed: { email: shopper.email } });

    const weak = { ...registration("/"), password: "password" };
    const badSignUp = await throughRoot(formPost("/login?mode=signup&redirectTo=%2F", weak), login.action as never);
    expect(badSignUp.headers.get("Location")).toBe("/login?mode=signup&redirectTo=%2F");
    expect(await carried(badSignUp)).toEqual({
      kind: "error",
      message: expect.stringContaining("too easy to guess"),
      typed: { name: "Asha Rao", email: weak.email },
      field: "password",
    });

    const fetched = await throughRoot(
      formPost("/login", { intent: "login", email: shopper.email, password: "nope-nope" }, { dest: "empty" }),
      login.action as never,
    );
    expect(fetched.status).toBe(401);
    expect(await fetched.json()).toEqual({ ok: false, msg: "Invalid email or password" });
  });
});

describe("the cart's forms without JavaScript", () => {
  it("set a quantity, remove the whole line: the cart cookie changes and the spec's toast comes along", async () => {
    const apple = await insertProduct({ name: "Flash apple" });
    const start = `${CART_COOKIE}=${serializeCart({ [apple.id]: 2 })}`;
    const more = await throughRoot(
      formPost("/cart?redirectTo=%2Fcart", { intent: "set", productId: apple.id, quantity: "3" }, { cookie: start }),
      cart.action as never,
    );
    expect([more.status, more.headers.get("Location")]).toEqual([303, "/cart"]);
    expect(parseCart(readCookie(setCookie(more, CART_COOKIE), CART_COOKIE))).toEqual({ [apple.id]: 3 });
    expect(setCookie(more, CART_COOKIE)).toMatch(/HttpOnly/);
    expect(await carried(more)).toEqual({ kind: "success", message: "Added To Cart" });

    const gone = await throughRoot(
      formPost("/cart?redirectTo=%2Fcart", { intent: "set", productId: apple.id, quantity: "0" }, { cookie: start }),
      cart.action as never,
    );
    expect(setCookie(gone, CART_COOKIE)).toMatch(/Max-Age=0/);
    expect(await carried(gone)).toEqual({ kind: "success", message: "Removed From Cart" });

    // A fetcher gets the answer and the cookie, and no message for a page it never shows.
    const fetched = await throughRoot(formPost("/cart", { intent: "add", productId: apple.id }, { cookie: start, dest: "empty" }), cart.action as never);
    expect(await fetched.json()).toEqual({ ok: true, msg: "Added To Cart" });
    expect(parseCart(readCookie(setCookie(fetched, CART_COOKIE), CART_COOKIE))).toEqual({ [apple.id]: 3 });
    expect(setCookie(fetched, FLASH_COOKIE)).toBeUndefined();
  });

  it("a bad change goes back to the page with the reason and changes nothing", async () => {
    const response = await throughRoot(formPost("/cart?redirectTo=%2Fproducts", { intent: "set", productId: "../etc", quantity: "1" }), cart.action as never);
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/products"]);
    expect(setCookie(response, CART_COOKIE)).toBeUndefined();
    expect(await carried(response)).toEqual({ kind: "error", message: "Unknown product", field: "lines" });
  });

  it("a guest's Place Order goes to log in (and back to the cart) saying why; a fetcher gets the 401", async () => {
    const apple = await insertProduct();
    const fields = { items: JSON.stringify([{ product: apple.id, quantity: 1 }]), address: "x", paymentType: "COD", idempotencyKey: crypto.randomUUID() };
    const response = await throughRoot(formPost("/cart?checkout", fields), cart.action as never);
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/login?redirectTo=%2Fcart"]);
    expect(await carried(response)).toEqual({ kind: "error", message: "Please log in to place your order" });

    const fetched = await throughRoot(formPost("/cart?checkout", fields, { dest: "empty" }), cart.action as never);
    expect(fetched.status).toBe(401);
  });
});

describe("every post's redirect is 303 See Other (the next page is read with a GET)", () => {
  it("a new address, an order placed by cash, a guest's post sent to log in", async () => {
    const shopper = await signUp();
    const address = await throughRoot(formPost("/add-address", VALID_ADDRESS, { cookie: shopper.cookie }), addAddressPage.action as never);
    expect(address.status).toBe(303);
    const guest = await runRoute(addAddressPage.action as never, { path: "/add-address", form: VALID_ADDRESS, document: true });
    expect((guest.thrown as Response).status).toBe(303);

    const apple = await insertProduct();
    const addressId = new URL(address.headers.get("Location")!, ORIGIN).searchParams.get("address")!;
    const fields = { items: JSON.stringify([{ product: apple.id, quantity: 1 }]), address: addressId, paymentType: "COD", idempotencyKey: crypto.randomUUID() };
    await postJson("/api/cart/update", { cartItems: { [apple.id]: 1 } }, { cookie: shopper.cookie }); // the saved cart it places
    const placed = await throughRoot(formPost("/cart?checkout", fields, { cookie: shopper.cookie }), cart.action as never);
    expect([placed.status, placed.headers.get("Location")]).toEqual([303, expect.stringMatching(/^\/my-orders/)]);
  });
});

describe("the seller's login page", () => {
  it("a refused login without JavaScript comes back to /seller/login with the message, not JSON; a fetcher gets { ok: false }", async () => {
    const fields = { email: env.SELLER_EMAIL!, password: "wrong-password" };
    const response = await throughRoot(formPost("/seller/login", fields), sellerLoginPage.action as never);
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/seller/login"]);
    expect(setCookie(response, "seller_sid")).toBeUndefined();
    expect(await carried(response)).toEqual({ kind: "error", message: expect.any(String), typed: { email: env.SELLER_EMAIL! } });

    const fetched = await throughRoot(formPost("/seller/login", fields, { dest: "empty" }), sellerLoginPage.action as never);
    expect(fetched.status).toBe(401);
    expect(await fetched.json()).toMatchObject({ ok: false });
  });

  it("the right password goes to the dashboard with a success that replaces the error; the page sends a signed-in seller on", async () => {
    const response = await throughRoot(
      formPost("/seller/login", { email: env.SELLER_EMAIL!, password: env.SELLER_PASSWORD! }),
      sellerLoginPage.action as never,
    );
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/seller/dashboard"]);
    expect(await carried(response)).toEqual({ kind: "success", message: "Logged In" });

    expect(await (await throughRoot(page("/seller/login"), sellerLoginPage.loader as never)).json()).toEqual({ returnTo: "/seller/dashboard" });
    const seller = await throughRoot(page("/seller/login", await sellerLogin()), sellerLoginPage.loader as never);
    expect([seller.status, seller.headers.get("Location")]).toEqual([302, "/seller/dashboard"]);
  });

  it("with ?redirectTo= a seller page, the login goes on to it; anywhere else, to the dashboard", async () => {
    const asked = "/seller/login?redirectTo=%2Fseller%2Forders%3Fstatus%3DPacked";
    const response = await throughRoot(formPost(asked, { email: env.SELLER_EMAIL!, password: env.SELLER_PASSWORD! }), sellerLoginPage.action as never);
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/seller/orders?status=Packed"]);
    const elsewhere = await throughRoot(
      formPost("/seller/login?redirectTo=%2F%2Fevil.example", { email: env.SELLER_EMAIL!, password: env.SELLER_PASSWORD! }),
      sellerLoginPage.action as never,
    );
    expect(elsewhere.headers.get("Location")).toBe("/seller/dashboard");
    const refused = await throughRoot(formPost(asked, { email: env.SELLER_EMAIL!, password: "wrong-password" }), sellerLoginPage.action as never);
    expect([refused.status, refused.headers.get("Location")]).toEqual([303, asked]);
    const signedIn = await throughRoot(page(asked, await sellerLogin()), sellerLoginPage.loader as never);
    expect(signedIn.headers.get("Location")).toBe("/seller/orders?status=Packed");
  });
});

describe("page forms refused without JavaScript give back what was posted (ADR 047)", () => {
  const typedOf = async (response: Response) => ((await response.json()) as { ok: boolean; typed?: Record<string, string> }).typed;

  it("the pincode, the newsletter's address, a cancellation's reason and note; nothing to a fetcher, which keeps its own input", async () => {
    const pincode = await throughRoot(formPost("/delivery", { pincode: "12ab", redirectTo: "/cart" }), delivery.action as never);
    expect(pincode.status).toBe(400);
    expect(await typedOf(pincode)).toMatchObject({ pincode: "12ab" });

    const newsletter = await throughRoot(formPost("/?index", { intent: "subscribe", email: "asha at example.com" }), home.action as never);
    expect(newsletter.status).toBe(400);
    expect(await typedOf(newsletter)).toMatchObject({ email: "asha at example.com" });

    const cancel = (dest: "document" | "empty") =>
      throughRoot(formPost("/seller/orders/ord_x/cancel", { reason: "Other", note: "" }, { dest }), ((args: Args) =>
        sellerCancel.action({ ...args, params: { id: "ord_x" } } as never)) as never);
    const refused = await cancel("document");
    expect(refused.status).toBe(400);
    expect(await typedOf(refused)).toEqual({ reason: "Other", note: "" });
    expect(await typedOf(await cancel("empty"))).toBeUndefined();
  });

  it("a refusal names the field a schema found wrong (the form shows it there), and none when the reason is not one field's", async () => {
    const pincode = await throughRoot(formPost("/delivery", { pincode: "12ab", redirectTo: "/cart" }, { dest: "empty" }), delivery.action as never);
    expect(await pincode.json()).toMatchObject({ ok: false, field: "pincode" });
    // A nested field is named by its path (the settings form's contact details); a list's item by the list.
    expect(fieldRefused(() => parseInput(storeSettingsInput, { ...SETTINGS_FORM, contactGstin: "29ABCDE1234F1ZX" }))).toBe("contact.gstin");
    expect(
      fieldRefused(() => parseInput(productInput, { name: "Okra", category: "Vegetables", price: 40, offerPrice: 30, description: ["ok", "x".repeat(301)] })),
    ).toBe("description");
    // Without JavaScript the field travels with the flash: a taken e-mail is said under the e-mail.
    const taken = await signUp({ name: "Asha Rao" });
    const again = await throughRoot(
      formPost("/login?mode=signup", { intent: "register", name: "Asha Again", email: taken.email, password: "crisp-okra-2026", redirectTo: "/" }),
      login.action as never,
    );
    expect(await carried(again)).toMatchObject({ kind: "error", message: "An account with this e-mail already exists. Try logging in.", field: "email" });
    const cancel = await throughRoot(formPost("/seller/orders/ord_x/cancel", { reason: "Other", note: "" }), ((args: Args) =>
      sellerCancel.action({ ...args, params: { id: "ord_x" } } as never)) as never);
    expect(await cancel.json()).toMatchObject({ ok: false, field: "note" });
    const run = (error: HttpError) => answerForm(formPost("/cart", {}, { dest: "empty" }), async () => Promise.reject(error));
    const conflict = (await run(new HttpError(409, "The stock changed"))) as { data: unknown };
    expect(conflict.data).toEqual({ ok: false, msg: "The stock changed" });
  });
});

describe("a logout's word", () => {
  const flashOf = (outcome: { value?: unknown }) => (outcome.value as Response).headers.get("X-Flash");

  it("says Logged Out only when a session was ended: a stray or repeated logout says nothing", async () => {
    const shopper = await signUp();
    const ended = await runRoute(shopperLogout.action as never, { path: "/logout", cookie: shopper.cookie, form: {} });
    expect((ended.value as Response).status).toBe(303);
    expect(JSON.parse(decodeURIComponent(flashOf(ended)!))).toEqual({ kind: "success", message: "Logged Out", to: "/" });
    expect(flashOf(await runRoute(shopperLogout.action as never, { path: "/logout", cookie: shopper.cookie, form: {} }))).toBeNull();
    expect(flashOf(await runRoute(shopperLogout.action as never, { path: "/logout", form: {} }))).toBeNull();

    // The device keeps the pincode of the default address the top bar showed; a shopper without one leaves none.
    const withAddress = await signUp();
    await addAddress(withAddress, { ...VALID_ADDRESS, zipCode: "560034" });
    const out = (await runRoute(shopperLogout.action as never, { path: "/logout", cookie: withAddress.cookie, form: {} })).value as Response;
    expect(out.headers.getSetCookie().find((cookie) => cookie.startsWith("pincode="))).toMatch(/^pincode=560034; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly/);
    expect((ended.value as Response).headers.getSetCookie().some((cookie) => cookie.startsWith("pincode="))).toBe(false);

    const seller = await sellerLogin();
    expect(flashOf(await runRoute(sellerLogout.action as never, { path: "/seller/logout", cookie: seller, form: {} }))).not.toBeNull();
    expect(flashOf(await runRoute(sellerLogout.action as never, { path: "/seller/logout", cookie: seller, form: {} }))).toBeNull();
    expect(flashOf(await runRoute(sellerLogout.action as never, { path: "/seller/logout", cookie: shopper.cookie, form: {} }))).toBeNull();
  });
});
