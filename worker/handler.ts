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
    if (isCrossSiteWrite(request, env)) return crossSiteRefused(pathname);
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

function crossSiteRefused(pathname: string): Response {
  const msg = "Cross-site requests are not allowed";
  return pathname.startsWith("/api/")
    ? Response.json({ success: false, msg }, { status: 403 })
    : new Response(msg, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
