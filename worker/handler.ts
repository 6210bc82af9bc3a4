import { api } from "./api";
import { serveImage } from "./images";
import { withCommonHeaders } from "./security/headers";
import { isCrossSiteWrite } from "./security/same-origin";

export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/**
 * The Worker's routing, apart from the React Router build so tests can run it without one:
 * /api/* → Hono, /images/* → R2, everything else → pages.
 */
export function createFetchHandler(renderPage: PageHandler): ExportedHandler<Env> {
  async function route(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (headerBytes(request) > MAX_HEADER_BYTES) return refused(pathname, 413, "Request headers too large");
    if (isCrossSiteWrite(request, env)) return refused(pathname, 403, "Cross-site requests are not allowed");
    if (pathname === "/api" || pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
    if (pathname.startsWith("/images/")) return serveImage(request, env);
    return renderPage(request, env, ctx);
  }

  return {
    async fetch(request, env, ctx) {
      return withCommonHeaders(await route(request, env, ctx), request);
    },
  };
}

/** More header bytes than any browser of this store sends (cookies included). */
const MAX_HEADER_BYTES = 32 * 1024;

function headerBytes(request: Request): number {
  let size = 0;
  for (const [name, value] of request.headers) size += name.length + value.length + 4;
  return size;
}

function refused(pathname: string, status: 403 | 413, msg: string): Response {
  return pathname.startsWith("/api/")
    ? Response.json({ success: false, msg }, { status })
    : new Response(msg, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
