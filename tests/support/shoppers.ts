import { expect } from "vitest";
import { call, freshIp, json, postJson } from "./http";

/** The `name=value` pairs of a response's Set-Cookie headers, ready to send back as a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

let counter = 0;

export type Shopper = { cookie: string; id: string; email: string; password: string };

/** Register a new shopper through the API and return their session cookie. */
export async function signUp(overrides: { name?: string; email?: string; password?: string } = {}): Promise<Shopper> {
  counter++;
  const email = overrides.email ?? `shopper${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? "correct horse battery";
  const response = await postJson("/api/user/register", { name: overrides.name ?? `Shopper ${counter}`, email, password }, freshIp());
  expect(response.status).toBe(201);
  const body = await json<{ user: { _id: string } }>(response);
  return { cookie: cookiesFrom(response), id: body.user._id, email, password };
}

export const VALID_ADDRESS = {
  firstName: "Asha",
  lastName: "Rao",
  email: "asha@example.com",
  street: "12 Market Road",
  city: "Bengaluru",
  state: "Karnataka",
  zipCode: "560001",
  country: "India",
  phone: "+91 98765 43210",
};

export async function addAddress(shopper: Shopper, address: Record<string, unknown> = VALID_ADDRESS): Promise<string> {
  const response = await postJson("/api/address/add", { address }, { Cookie: shopper.cookie });
  expect(response.status).toBe(201);
  return (await json<{ address: { _id: string } }>(response)).address._id;
}

export function authed(shopper: Shopper, path: string, init: RequestInit = {}) {
  return call(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: shopper.cookie } });
}
