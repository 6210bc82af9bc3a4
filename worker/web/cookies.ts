/**
 * The one rule for the attributes of every cookie the server sets: Path=/, SameSite=Lax, and
 * Secure wherever the store is served over https (the request, or the public origin behind a
 * proxy that terminates TLS). Session cookies add HttpOnly and signing (worker/web/session.ts); the
 * guest cart cookie stays readable by the page's script (shared/cart.ts writes the same format).
 */
export function cookieDefaults(request: Request, env: Pick<Env, "APP_URL">) {
  return { path: "/", sameSite: "lax" as const, secure: isServedOverHttps(request, env) };
}

/** Headers that set each of `cookies` (Set-Cookie values). */
export function setCookies(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export function isServedOverHttps(request: Request, env: Pick<Env, "APP_URL">): boolean {
  return new URL(request.url).protocol === "https:" || Boolean(env.APP_URL?.startsWith("https:"));
}
