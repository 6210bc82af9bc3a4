/** Every redirect target from a URL or form: a path on this site, or "/", judged after normalisation ("/%2e//evil.example" is "//evil.example"). */
export function safeLocalPath(next: string | null | undefined): string {
  if (!next || !isLocalPath(next) || /[\\\p{Cc}]/u.test(next)) return "/";
  try {
    const base = "http://this.site.invalid";
    const url = new URL(next, base);
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === base && isLocalPath(path) ? path : "/";
  } catch {
    return "/";
  }
}

/** After the seller's login: a seller page they were on, or the dashboard. */
export function sellerReturnPath(next: string | null | undefined): string {
  const path = safeLocalPath(next);
  return /^\/seller([/?#]|$)/.test(path) && !/^\/seller\/(login|logout)([/?#.]|$)/.test(path) ? path : SELLER_HOME;
}

export const SELLER_HOME = "/seller/dashboard";

/** Starts at this site's root: one slash, not "//" or "/\\" (both name another host). */
const isLocalPath = (path: string): boolean => path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
