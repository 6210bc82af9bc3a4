import { fromContext } from "@worker/web/context";
import { listProducts, toProductCard } from "@worker/services/catalog";
import { searchTextOfPage } from "@worker/validation/search";
import { ProductListing } from "~/components/ProductListing";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  pageMeta(data?.search ? `Search: ${data.search}` : "All Products", "Browse every fresh grocery and snack in stock, delivered in under 30 minutes.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = searchTextOfPage(params.get("search"));
  const page = await listProducts(fromContext(context).db, { search, cursor: params.get("cursor") ?? undefined });
  return { search, products: page.products.map(toProductCard), nextCursor: page.nextCursor };
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
