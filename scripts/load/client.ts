/**
 * One person's connection to the store in the busiest-hour load: their own client address (the
 * store keys its rate limits on CF-Connecting-IP, worker/security/rate-limit.ts), their cookies as a
 * browser keeps them, and every request timed into the Recorder under a route name.
 */
import type { Outcome, Recorder } from "./recorder.ts";

export type Reply = { status: number; text: string; json: <T>() => T };

export type RequestOptions = {
  method?: "GET" | "POST";
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  /** A form posted by the browser itself (no JavaScript): a top-level navigation. */
  document?: boolean;
  /** A 409 is an honest refusal here (sold out at a checkout, a stock count that moved), not an error. */
  refusalIs409?: boolean;
};

/** Long enough for a saturated 2-core machine; a request that takes longer counts as an error. */
const TIMEOUT_MS = 30_000;

export class Client {
  private readonly cookies = new Map<string, string>();
  private readonly origin: string;
  private readonly recorder: Recorder;
  /** Who the requests are reported under: guest, shopper, seller. */
  readonly persona: string;
  /** A distinct client address per person. */
  readonly ip: string;

  constructor(origin: string, recorder: Recorder, persona: string, ip: string) {
    this.origin = origin;
    this.recorder = recorder;
    this.persona = persona;
    this.ip = ip;
  }

  get signedIn(): boolean {
    return this.cookies.has("sid");
  }

  /** Times one request to the store (or, with a full URL, to the fake Stripe); null when no answer came. */
  async request(route: string, path: string, options: RequestOptions = {}): Promise<Reply | null> {
    const method = options.method ?? (options.json !== undefined || options.form || options.multipart ? "POST" : "GET");
    const url = path.startsWith("http") ? path : `${this.origin}${path}`;
    const headers: Record<string, string> = { "cf-connecting-ip": this.ip };
    if (this.cookies.size > 0 && url.startsWith(this.origin)) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (method === "POST") headers.origin = new URL(url).origin;
    if (options.document) Object.assign(headers, { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", "sec-fetch-site": "same-origin" });
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = new URLSearchParams(options.form);
    } else if (options.multipart) {
      body = options.multipart;
    }

    const started = performance.now();
    try {
      const response = await fetch(url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
      const text = await response.text();
      this.recorder.record(this.persona, route, performance.now() - started, response.status, outcomeOf(response.status, options));
      if (url.startsWith(this.origin)) this.keepCookies(response);
      return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      this.recorder.record(this.persona, route, performance.now() - started, timedOut ? "timeout" : "network", "error");
      return null;
    }
  }

  private keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (!name) continue;
      if (value === "" || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

function outcomeOf(status: number, options: RequestOptions): Outcome {
  if (status < 400) return "ok";
  if (status === 429) return "rate-limited";
  if (status === 409 && options.refusalIs409) return "refused";
  return "error";
}
