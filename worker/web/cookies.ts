/** Every cookie's attributes; Secure when the request or the public origin (TLS ended by a proxy) is https. */
export function cookieDefaults(request: Request, env: Pick<Env, "APP_URL">) {
  return { path: "/", sameSite: "lax" as const, secure: isServedOverHttps(request, env) };
}

export const setCookies = (cookies: string[]): Headers => new Headers(cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]));

export const isServedOverHttps = (request: Request, env: Pick<Env, "APP_URL">): boolean =>
  new URL(request.url).protocol === "https:" || Boolean(env.APP_URL?.startsWith("https:"));
