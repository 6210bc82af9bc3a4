import { fromContext } from "@worker/web/context";
import { listProducts, toProductCard } from "@worker/services/catalog";
import { searchTextOfPage } from "@worker/validation/search";
import { ProductListing } from "~/components/ProductListing";
import { seoMeta } from "@worker/web/seo";
import { pageMeta, pageTitle, siteAt } from "~/lib/site";
import type { Route } from "./+types/products";

const DESCRIPTION = "Browse every fresh grocery and snack in stock, delivered in under 30 minutes.";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [...pageMeta(data?.search ? `Search: ${data.search}` : "All Products", DESCRIPTION), ...(data?.seo ?? [])];

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const params = new URL(request.url).searchParams;
  const search = searchTextOfPage(params.get("search"));
  const page = await listProducts(worker.db, { search, cursor: params.get("cursor") ?? undefined });
  // Paging, sorting and searching all name the plain listing as canonical; results of a search are not indexed themselves.
  const seo = [
    ...seoMeta({ site: siteAt(worker.env.APP_URL), path: "/products", title: pageTitle("All Products"), description: DESCRIPTION }),
    ...(search ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
  return { search, products: page.products.map(toProductCard), nextCursor: page.nextCursor, seo };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { search } = loaderData;
  return (
    <ProductListing
      title={search ? `Results for “${search}”` : "All Products"}
      page={loaderData}
      emptyMessage={search ? `No products match “${search}”.` : "No products are in stock right now."}
    />
  );
}
