import { fromContext } from "@worker/web/context";
import { SEO_CACHE_CONTROL } from "./xml";
import type { Route } from "./+types/robots";

/** A route, not a static file: the sitemap's address must be absolute. */
export function loader({ context }: Route.LoaderArgs) {
  const { env } = fromContext(context);
  const disallowed = ["/seller", "/cart", "/my-orders", "/add-address", "/account", "/login", "/logout", "/loader", "/api/"];
  const text = ["User-agent: *", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${env.APP_URL}/sitemap.xml`, ""].join("\n");
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": SEO_CACHE_CONTROL } });
}
