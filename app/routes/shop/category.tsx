import { data } from "react-router";
import { fromContext } from "@worker/web/context";
import { listProducts, toProductCard } from "@worker/services/catalog";
import { ProductListing } from "~/components/ProductListing";
import { findCategory } from "@shared/categories";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/category";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data ? pageMeta(data.title, `${data.title}: fresh ${data.title.toLowerCase()} delivered in under 30 minutes.`) : pageMeta("Not found", "");

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = findCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const page = await listProducts(fromContext(context).db, { category: category.path, cursor });
  return { title: category.text, products: page.products.map(toProductCard), nextCursor: page.nextCursor };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <ProductListing title={loaderData.title} page={loaderData} emptyMessage="No products found in the category." />;
}
