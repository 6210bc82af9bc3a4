import { fromContext } from "@worker/web/context";
import { pagesSitemap, productSitemap } from "@worker/services/sitemap";
import { sitemapFileParam } from "@worker/validation/sitemap";
import { xmlResponse } from "./xml";
import type { Route } from "./+types/sitemap";

const notFound = () => new Response("No such sitemap", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** `/sitemaps/pages.xml` and `/sitemaps/products-N.xml`. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = fromContext(context);
  const file = sitemapFileParam.safeParse(params.file);
  if (!file.success) return notFound();
  if (file.data.kind === "pages") return xmlResponse(pagesSitemap(env.APP_URL));
  const xml = await productSitemap(db, env.APP_URL, file.data.block);
  return xml === null ? notFound() : xmlResponse(xml);
}
