/** Every cookie's attributes; Secure when the request or the public origin (TLS ended by a proxy) is https. */
export const cookieDefaults = (request: Request, env: Pick<Env, "APP_URL">) => ({
  path: "/",
  sameSite: "lax" as const,
  secure: isServedOverHttps(request, env),
});

export function setCookies(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export const isServedOverHttps = (request: Request, env: Pick<Env, "APP_URL">): boolean =>
  new URL(request.url).protocol === "https:" || Boolean(env.APP_URL?.startsWith("https:"));
