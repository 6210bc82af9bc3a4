// CORS for the JSON API, for front ends on `CORS_ORIGINS` only; applied after the edge cache, per request (ADR 020).
import { corsAllowList } from "./same-origin";

/** Besides the basic ones: a 429's wait, a 405's methods, the export's next page and file name. */
const EXPOSED_HEADERS = "Retry-After, Allow, Link, Content-Disposition";

export function corsPreflight(request: Request, env: Pick<Env, "CORS_ORIGINS">): Response | null {
  if (request.method !== "OPTIONS" || !request.headers.has("access-control-request-method")) return null;
  const headers = new Headers({ Vary: "Origin, Access-Control-Request-Headers" });
  if (allowOrigin(headers, request, env)) {
    headers.set("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    const asked = request.headers.get("access-control-request-headers");
    if (asked) headers.set("Access-Control-Allow-Headers", asked);
    headers.set("Access-Control-Max-Age", "600");
  }
  return new Response(null, { status: 204, headers });
}

/** The response with exactly this request's CORS headers, whatever the response carried before. */
export function withCors(response: Response, request: Request, env: Pick<Env, "CORS_ORIGINS">): Response {
  const result = new Response(response.body, response);
  for (const name of [...result.headers.keys()]) if (name.startsWith("access-control-")) result.headers.delete(name);
  if (allowOrigin(result.headers, request, env)) result.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  // The answer differs by Origin: no shared cache (ours or a browser's) may reuse it across origins.
  const vary = result.headers.get("Vary");
  if (!vary?.split(",").some((v) => v.trim().toLowerCase() === "origin")) result.headers.set("Vary", vary ? `${vary}, Origin` : "Origin");
  return result;
}

/** Allows the request's origin with credentials when it is on the list; returns whether it is. */
function allowOrigin(headers: Headers, request: Request, env: Pick<Env, "CORS_ORIGINS">): boolean {
  const origin = request.headers.get("origin");
  if (!origin || !corsAllowList(env).has(origin)) return false;
  headers.set("Access-Control-Allow-Origin", origin);
  headers.set("Access-Control-Allow-Credentials", "true");
  return true;
}
