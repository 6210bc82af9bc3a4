export function isApiPath(pathname: string): boolean {
  return /^\/api(\/|$)/i.test(pathname);
}

/** Lower-cased: API paths match case-insensitively, as the spec clients' Express server did. */
export function apiRoutePath(request: Request): string {
  return new URL(request.url).pathname.toLowerCase();
}
