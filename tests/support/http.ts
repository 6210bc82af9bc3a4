import { exports } from "cloudflare:workers";

export const ORIGIN = "http://localhost:8787";

/** Call the Worker under test as a browser on this site would (following redirects: pass `redirect: "manual"` to read one). */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return (exports as unknown as { default: Fetcher }).default.fetch(new Request(new URL(path, ORIGIN), init));
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

let ipCounter = 0;

/** A distinct client address per call, as if each test came from its own machine (rate limits key on it). */
export function freshIp(): Record<string, string> {
  ipCounter++;
  return { "CF-Connecting-IP": `203.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}` };
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
