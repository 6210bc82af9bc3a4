export const isApiPath = (pathname: string): boolean => /^\/api(\/|$)/i.test(pathname);

/** Lower-cased: API paths match case-insensitively, as the spec clients' Express server did. */
export const apiRoutePath = (request: Request): string => new URL(request.url).pathname.toLowerCase();
