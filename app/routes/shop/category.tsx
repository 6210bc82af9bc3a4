import { data } from "react-router";
import { fromContext } from "@worker/web/context";
import { loadListing } from "@worker/web/loader-result";
import { toProductCard } from "@worker/services/catalog";
import { browseProducts } from "@worker/services/search";
import { shopListingOfPage } from "@worker/validation/search";
import { ProductListing } from "~/components/ProductListing";
import { ListingControls } from "~/components/search/ListingControls";
import { findCategory } from "@shared/categories";
import { categoryPath } from "@shared/paths";
import { seoMeta } from "@worker/web/seo";
import { pageMeta, pageTitle, siteAt } from "~/lib/site";
import type { Route } from "./+types/category";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data ? [...pageMeta(data.title, describe(data.title)), ...data.seo] : pageMeta("Not found", "");

const describe = (title: string) => `${title}: fresh ${title.toLowerCase()} delivered in under 30 minutes.`;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const category = findCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  const { sort, cursor } = shopListingOfPage(new URL(request.url).searchParams);
  const page = await loadListing(request, () => browseProducts(worker.db, { search: "", category: category.path, sort, cursor }));
  // Every page of the listing (and any case of its name) names the first, lower-case one as canonical.
  const seo = seoMeta({
    site: siteAt(worker.env.APP_URL),
    path: categoryPath(category.path),
    title: pageTitle(category.text),
    description: describe(category.text),
    image: category.image,
  });
  return { title: category.text, category: category.path, sort, products: page.products.map(toProductCard), nextCursor: page.nextCursor, seo };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, sort } = loaderData;
  return (
    <ProductListing title={loaderData.title} page={loaderData} emptyMessage="No products found in the category.">
      <ListingControls listing={{ search: "", category, sort }} sortAt={categoryPath(category)} />
    </ProductListing>
  );
}
