export const STORE_NAME = "GreenBasket";
export const STORE_TAGLINE = "Groceries and snacks delivered in under 30 minutes";

export function pageTitle(title?: string): string {
  return title ? `${title} | ${STORE_NAME}` : `${STORE_NAME}: ${STORE_TAGLINE}`;
}

/** Title and description for a route's `meta` export. */
export function pageMeta(title: string | undefined, description: string) {
  return [{ title: pageTitle(title) }, { name: "description", content: description }];
}

/** A path on this site, or "/" — for any redirect target that comes from a URL. */
export function safeLocalPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || /[\\\u0000-\u001f]/.test(next)) return "/";
  try {
    const base = "http://this.site.invalid";
    const url = new URL(next, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}
