import { fromContext } from "@worker/web/context";
import { toProductCard } from "@worker/services/catalog";
import { browseProducts } from "@worker/services/search";
import { shopListingOfPage } from "@worker/validation/search";
import { ProductListing } from "~/components/ProductListing";
import { ListingControls } from "~/components/search/ListingControls";
import { CloseMatchesNote, NoMatches } from "~/components/search/SearchOutcome";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  pageMeta(data?.search ? `Search: ${data.search}` : "All Products", "Browse every fresh grocery and snack in stock, delivered in under 30 minutes.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const listing = shopListingOfPage(new URL(request.url).searchParams);
  const page = await browseProducts(fromContext(context).db, listing);
  const { cursor: _cursor, ...shown } = listing;
  return { ...shown, products: page.products.map(toProductCard), nextCursor: page.nextCursor, match: page.match, didYouMean: page.didYouMean };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { search, category, sort, match, didYouMean } = loaderData;
  const listing = { search, category, sort };
  return (
    <ProductListing
      title={search ? `Results for “${search}”` : (category ?? "All Products")}
      page={loaderData}
      emptyMessage={search ? <NoMatches listing={listing} /> : `No products${category ? ` in ${category}` : ""} are in stock right now.`}
    >
      <ListingControls listing={listing} />
      {match === "close" && <CloseMatchesNote listing={listing} didYouMean={didYouMean} />}
    </ProductListing>
  );
}
