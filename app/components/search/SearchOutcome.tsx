import { Link } from "~/components/Link";
import { CATEGORIES, findCategory } from "@shared/categories";
import { productsHref, type ProductSort } from "@shared/search";

type Listing = { search: string; category?: string; sort: ProductSort };

/** "Did you mean …": a link to the search as the closest names spell it. */
function DidYouMean({ listing, didYouMean }: { listing: Listing; didYouMean: string }) {
  return (
    <>
      Did you mean{" "}
      <Link to={productsHref({ ...listing, search: didYouMean })} className="font-medium text-primary-dull underline">
        {didYouMean}
      </Link>
      ?
    </>
  );
}

/** Above a grid of close spellings only: says the text itself matched nothing, and offers the likely word. */
export function CloseMatchesNote({ listing, didYouMean }: { listing: Listing; didYouMean: string | null }) {
  return (
    <p className="mb-6 rounded-md bg-primary-soft px-4 py-3 text-gray-700">
      Nothing matches “{listing.search}” exactly; showing close matches.{" "}
      {didYouMean && <DidYouMean listing={listing} didYouMean={didYouMean} />}
    </p>
  );
}

/** A search that found nothing: never a dead end. Other categories, the whole catalogue, popular categories. */
export function NoMatches({ listing }: { listing: Listing }) {
  const category = listing.category ? findCategory(listing.category) : undefined;
  return (
    <div className="py-10 text-gray-600">
      <p>
        No products match “{listing.search}”{category ? ` in ${category.path}` : ""}.
      </p>
      <p className="mt-2">
        {category ? (
          <Link to={productsHref({ ...listing, category: undefined })} className="text-primary-dull underline">
            Search every category for “{listing.search}”
          </Link>
        ) : (
          "Check the spelling, try a shorter word, or browse:"
        )}
      </p>
      <h2 className="mt-6 text-lg font-medium text-gray-800">Popular categories</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {CATEGORIES.map((c) => (
          <li key={c.path}>
            <Link to={`/products/${c.path.toLowerCase()}`} className="inline-block rounded-full border border-gray-300 px-4 py-1.5 text-gray-700 hover:border-primary">
              {c.text}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/products" className="inline-block rounded-full border border-primary px-4 py-1.5 text-primary-dull hover:bg-primary-soft">
            All products
          </Link>
        </li>
      </ul>
    </div>
  );
}
