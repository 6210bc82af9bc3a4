/**
 * Cross-site request forgery guard for every state-changing request (pages and API alike):
 * a browser's Origin (or, without it, Sec-Fetch-Site) must say the request comes from this site.
 * Requests with neither header are not from a browser and so carry no victim's cookies.
 * Writes are checked for every path (worker/handler.ts); the spec's GETs that change state (the
 * logouts) are checked by their route (worker/api/auth.ts sameSiteOnly): a link on another site
 * is a top-level GET that carries the SameSite=Lax session cookie.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths called by other servers that prove themselves another way (Stripe signs its webhooks). */
const EXEMPT_PATHS = new Set(["/api/stripe/webhook"]);

export function isCrossSiteWrite(request: Request, env: Pick<Env, "APP_URL" | "CORS_ORIGINS">): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (EXEMPT_PATHS.has(new URL(request.url).pathname)) return false;
  return isCrossSite(request, env);
}

/** Whether the browser says another site sent this request, whatever its method. */
export function isCrossSite(request: Request, env: Pick<Env, "APP_URL" | "CORS_ORIGINS">): boolean {
  const url = new URL(request.url);
  const origin = request.headers.get("origin");
  if (origin) {
    if (origin === url.origin || origin === safeOrigin(env.APP_URL)) return false;
    // Other front ends on the configured allow-list may call the API (never the pages' forms).
    return !(url.pathname.startsWith("/api/") && corsAllowList(env).has(origin));
  }
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/** Origins of other front ends allowed to call the API with credentials (CORS_ORIGINS, comma-separated). */
export function corsAllowList(env: Pick<Env, "CORS_ORIGINS">): Set<string> {
  return new Set(
    (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((o) => safeOrigin(o.trim()))
      .filter((o): o is string => o !== null),
  );
}

function safeOrigin(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}
