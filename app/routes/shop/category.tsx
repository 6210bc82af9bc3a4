import { data } from "react-router";
import { fromContext } from "@worker/web/context";
import { loadListing } from "@worker/web/loader-result";
import { listProducts, toProductCard } from "@worker/services/catalog";
import { ProductListing } from "~/components/ProductListing";
import { findCategory } from "@shared/categories";
import { categoryPath } from "@shared/paths";
import { seoMeta } from "@worker/web/seo";
import { pageMeta, pageTitle, siteAt } from "~/lib/site";
import type { Route } from "./+types/category";

export const meta: Route.MetaFunction = ({ loaderData: data }) => (data ? [...pageMeta(data.title, describe(data.title)), ...data.seo] : pageMeta("Not found", ""));

const describe = (title: string) => `${title}: fresh ${title.toLowerCase()} delivered in under 30 minutes.`;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const category = findCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const page = await loadListing(request, () => listProducts(worker.db, { category: category.path, cursor }));
  // Every page of the listing (and any case of its name) names the first, lower-case one as canonical.
  const seo = seoMeta({ site: siteAt(worker.env.APP_URL), path: categoryPath(category.path), title: pageTitle(category.text), description: describe(category.text), image: category.image });
  return { title: category.text, products: page.products.map(toProductCard), nextCursor: page.nextCursor, seo };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <ProductListing title={loaderData.title} page={loaderData} emptyMessage="No products found in the category." />;
}
