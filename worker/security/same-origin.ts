// CSRF guard: a browser's Origin (else Sec-Fetch-Site) must name this site; a request with neither carries no victim's cookies.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Stripe signs its webhooks. */
const EXEMPT_PATHS = new Set(["/api/stripe/webhook"]);

export const isCrossSiteWrite = (request: Request, env: Pick<Env, "APP_URL" | "CORS_ORIGINS">): boolean =>
  !SAFE_METHODS.has(request.method) && !EXEMPT_PATHS.has(new URL(request.url).pathname) && isCrossSite(request, env);

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

/** CORS_ORIGINS, comma-separated. */
export function corsAllowList(env: Pick<Env, "CORS_ORIGINS">): Set<string> {
  const origins = (env.CORS_ORIGINS ?? "").split(",").map((o) => safeOrigin(o.trim()));
  return new Set(origins.filter((o): o is string => o !== null));
}

const safeOrigin = (url: string | undefined): string | null => (url && URL.canParse(url) ? new URL(url).origin : null);
