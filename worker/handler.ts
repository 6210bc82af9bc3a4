import { api } from "./api";
import { errorAnswer } from "@worker/api/answer";
import { isApiPath } from "@worker/api/path";
import { withEdgeCache } from "./edge-cache";
import { serveImage } from "./images";
import { corsPreflight, withCors } from "@worker/security/cors";
import { withCommonHeaders } from "@worker/security/headers";
import { isCrossSiteWrite } from "@worker/security/same-origin";
import { withReadYourWrites } from "@worker/web/read-your-writes";

export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/** The Worker's routing, apart from the React Router build so tests can run it without one. CORS last (ADR 020). */
export function createFetchHandler(renderPage: PageHandler, buildVersion: () => Promise<string> = async () => "dev"): ExportedHandler<Env> {
  async function route(request: Request, env: Env, ctx: ExecutionContext, pathname: string): Promise<Response> {
    if (headerBytes(request) > 32 * 1024) return refused(pathname, 413, "Request headers too large");
    if (isCrossSiteWrite(request, env)) return refused(pathname, 403, "Cross-site requests are not allowed");
    if (pathname.startsWith("/images/")) return serveImage(request, env);
    // One D1 session per request (ADR 040); the cache's version is read outside it, so a hit never moves the bookmark.
    return withReadYourWrites(request, env, (sessionEnv) =>
      withEdgeCache(request, env, ctx, buildVersion, async () =>
        isApiPath(pathname) ? api.fetch(request, sessionEnv, ctx) : renderPage(request, sessionEnv, ctx),
      ),
    );
  }

  return {
    async fetch(request, env, ctx) {
      const { pathname } = new URL(request.url);
      const preflight = isApiPath(pathname) ? corsPreflight(request, env) : null;
      if (preflight) return withCommonHeaders(preflight, request);
      let response: Response;
      try {
        response = await route(request, env, ctx, pathname);
      } catch (error) {
        // Last resort: log for the operator, tell the client nothing about internals.
        console.error("Unhandled error", request.method, pathname, error);
        response = refused(pathname, 500, "Something went wrong. Please try again.");
      }
      // Errors too: a front end on the allow-list must be able to read the message it is shown.
      if (isApiPath(pathname)) response = withCors(response, request, env);
      return withCommonHeaders(response, request);
    },
  };
}

const headerBytes = (request: Request): number => [...request.headers].reduce((size, [name, value]) => size + name.length + value.length + 4, 0);

const refused = (pathname: string, status: 403 | 413 | 500, msg: string): Response =>
  isApiPath(pathname) ? errorAnswer(status, msg) : new Response(msg, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
