/**
 * The one check of every redirect target that comes from a URL or a form (`next`, `redirectTo`):
 * a path on this site, or "/". The target is judged after URL normalisation, because that is what
 * the browser follows: "/.//evil.example", "/%2e//evil.example" and "/a/..//evil.example" all
 * normalise to "//evil.example", which a browser reads as another host.
 */
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

/** Where the seller goes after logging in: a seller page they were on (checked as above), or the dashboard, as a shop admin opens on its home. */
export function sellerReturnPath(next: string | null | undefined): string {
  const path = safeLocalPath(next);
  return /^\/seller([/?#]|$)/.test(path) && !/^\/seller\/(login|logout)([/?#.]|$)/.test(path) ? path : SELLER_HOME;
}

export const SELLER_HOME = "/seller/dashboard";

/** Starts at this site's root: one slash, not "//" or "/\\" (both name another host). */
function isLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}
