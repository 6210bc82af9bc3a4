import { fromContext } from "@worker/web/context";
import { sitemapIndex } from "@worker/services/sitemap";
import { xmlResponse } from "./xml";
import type { Route } from "./+types/sitemap-index";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = fromContext(context);
  return xmlResponse(await sitemapIndex(db, env.APP_URL));
}
