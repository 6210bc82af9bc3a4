/**
 * The JSON API lives under /api. Its paths match case-insensitively, as the Express server the
 * spec's clients were written against did (`/api/order/COD` is `/api/order/cod`).
 */
export function isApiPath(pathname: string): boolean {
  return /^\/api(\/|$)/i.test(pathname);
}

/** The path the API's router matches: lower-cased (no API path has a case-sensitive segment). */
export function apiRoutePath(request: Request): string {
  return new URL(request.url).pathname.toLowerCase();
}
