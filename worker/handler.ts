import { api } from "./api";
import { withEdgeCache } from "./edge-cache";
import { serveImage } from "./images";
import { withCommonHeaders } from "./security/headers";
import { isCrossSiteWrite } from "./security/same-origin";

export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/**
 * The Worker's routing, apart from the React Router build so tests can run it without one:
 * /api/* → Hono, /images/* → R2, everything else → pages; anonymous catalogue reads through the
 * edge cache (worker/edge-cache.ts).
 */
export function createFetchHandler(renderPage: PageHandler, buildVersion: () => Promise<string> = async () => "dev"): ExportedHandler<Env> {
  async function route(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (headerBytes(request) > MAX_HEADER_BYTES) return refused(pathname, 413, "Request headers too large");
    if (isCrossSiteWrite(request, env)) return refused(pathname, 403, "Cross-site requests are not allowed");
    if (pathname.startsWith("/images/")) return serveImage(request, env);
    // The cached catalogue is refreshed by the services that change it (worker/services/catalog-refresh.ts),
    // never here by path: an anonymous POST /seller/logout or an OPTIONS preflight changes nothing.
    return withEdgeCache(request, env, ctx, buildVersion, async () =>
      pathname === "/api" || pathname.startsWith("/api/") ? api.fetch(request, env, ctx) : renderPage(request, env, ctx),
    );
  }

  return {
    async fetch(request, env, ctx) {
      try {
        return withCommonHeaders(await route(request, env, ctx), request);
      } catch (error) {
        // Last resort: log for the operator, tell the client nothing about internals.
        console.error("Unhandled error", request.method, new URL(request.url).pathname, error);
        return withCommonHeaders(refused(new URL(request.url).pathname, 500, "Something went wrong. Please try again."), request);
      }
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

function refused(pathname: string, status: 403 | 413 | 500, msg: string): Response {
  return pathname.startsWith("/api/")
    ? Response.json({ success: false, msg }, { status })
    : new Response(msg, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
