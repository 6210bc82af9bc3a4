import { Link } from "react-router";
import type { ProductCardView } from "@worker/services/catalog";
import { CATEGORIES, findCategory } from "@shared/categories";
import { Thumbnail } from "~/components/Thumbnail";
import { categoryPath, productPath } from "@shared/paths";
import { productsHref } from "@shared/search";
import { TitledSection } from "~/components/TitledSection";
import type { Listing } from "./ListingControls";

/** Above a grid of close spellings only. */
export function CloseMatchesNote({ listing, didYouMean }: { listing: Listing; didYouMean: string | null }) {
  return (
    <p className="mb-6 rounded-md bg-primary-soft px-4 py-3 text-gray-700">
      Nothing matches “{listing.search}” exactly; showing close matches.{" "}
      {didYouMean && (
        <>
          Did you mean{" "}
          <Link to={productsHref({ ...listing, search: didYouMean })} className="font-medium text-primary-dull underline">
            {didYouMean}
          </Link>
          ?
        </>
      )}
    </p>
  );
}

function SoldOutList({ products }: { products: ProductCardView[] }) {
  if (products.length === 0) return null;
  return (
    <ul className="mt-4 max-w-md divide-y divide-gray-100 rounded-md border border-gray-200 bg-white" aria-label="Out of stock">
      {products.map((product) => (
        <li key={product.id}>
          <Link to={productPath(product)} className="flex items-center gap-3 px-3 py-2 hover:bg-gray-50">
            <Thumbnail image={product.image} size={40} className="h-10 w-10 shrink-0 object-contain opacity-60" />
            <span className="min-w-0 flex-1 text-gray-800">{product.name}</span>
            <span className="text-sm text-gray-600">Out of stock</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SoldOutMatches({ products }: { products: ProductCardView[] }) {
  if (products.length === 0) return null;
  return (
    <TitledSection titleId="sold-out-title" title="Also matching, out of stock right now" titleClassName="text-lg font-medium text-gray-800" className="mt-10">
      <SoldOutList products={products} />
    </TitledSection>
  );
}

/** A search that found nothing in stock: never a dead end. */
export function NoMatches({ listing, soldOut = [] }: { listing: Listing; soldOut?: ProductCardView[] }) {
  const category = listing.category ? findCategory(listing.category) : undefined;
  const where = category ? ` in ${category.path}` : "";
  return (
    <div className="py-10 text-gray-600">
      <p>
        {soldOut.length > 0
          ? `Everything that matches “${listing.search}”${where} is out of stock right now.`
          : `No products match “${listing.search}”${where}.`}
      </p>
      <SoldOutList products={soldOut} />
      <p className={soldOut.length > 0 ? "mt-4" : "mt-2"}>
        {category ? (
          <Link to={productsHref({ ...listing, category: undefined })} className="text-primary-dull underline">
            Search every category for “{listing.search}”
          </Link>
        ) : soldOut.length > 0 ? (
          "Browse what is in stock:"
        ) : (
          "Check the spelling, try a shorter word, or browse:"
        )}
      </p>
      <h2 className="mt-6 text-lg font-medium text-gray-800">Popular categories</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {CATEGORIES.map((c) => (
          <li key={c.path}>
            <Link to={categoryPath(c.path)} className="inline-block rounded-full border border-gray-300 px-4 py-1.5 text-gray-700 hover:border-primary">
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
