import { fromContext } from "@worker/web/context";
import { loadListing } from "@worker/web/loader-result";
import { toProductCard } from "@worker/services/catalog";
import { browseProducts } from "@worker/services/search";
import { shopListingOfPage } from "@worker/validation/search";
import { ProductListing } from "~/components/ProductListing";
import { ListingControls } from "~/components/search/ListingControls";
import { CloseMatchesNote, NoMatches, SoldOutMatches } from "~/components/search/SearchOutcome";
import { seoMeta } from "@worker/web/seo";
import { pageMeta, pageTitle, siteAt } from "~/lib/site";
import type { Route } from "./+types/products";

const DESCRIPTION = "Browse every fresh grocery and snack in stock, with prices in ₹.";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  ...pageMeta(data?.search ? `Search: ${data.search}` : (data?.category ?? "All Products"), DESCRIPTION),
  ...(data?.seo ?? []),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const listing = shopListingOfPage(new URL(request.url).searchParams);
  const page = await loadListing(request, () => browseProducts(worker.db, listing));
  const { cursor: _cursor, ...shown } = listing;
  // Paging, sorting and searching name the plain listing as canonical; a search's results are not indexed.
  const seo = [
    ...seoMeta({ site: siteAt(worker.env.APP_URL), path: "/products", title: pageTitle("All Products"), description: DESCRIPTION }),
    ...(listing.search ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
  const { nextCursor, match, didYouMean } = page;
  return { ...shown, products: page.products.map(toProductCard), nextCursor, match, didYouMean, soldOut: page.soldOut.map(toProductCard), seo };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { search, category, sort, match, didYouMean, soldOut } = loaderData;
  const listing = { search, category, sort };
  return (
    <ProductListing
      title={search ? `Results for “${search}”` : (category ?? "All Products")}
      page={loaderData}
      end={(lastPage) => <SoldOutMatches products={lastPage.soldOut} />}
      emptyMessage={search ? <NoMatches listing={listing} soldOut={soldOut} /> : `No products${category ? ` in ${category}` : ""} are in stock right now.`}
    >
      <ListingControls listing={listing} />
      {match === "close" && <CloseMatchesNote listing={listing} didYouMean={didYouMean} />}
    </ProductListing>
  );
}
