import { Form, Link } from "react-router";
import { CATEGORIES } from "@shared/categories";
import { PRODUCT_SORTS, productsHref, type ProductSort } from "@shared/search";

export type Listing = { search: string; category?: string; sort: ProductSort };

/** Category chips (links) and a sort GET form with its own button (choosing an option must not navigate: keyboard users go through them). */
export function ListingControls({ listing, sortAt }: { listing: Listing; sortAt?: string }) {
  const chips = [{ path: undefined, text: "All" }, ...CATEGORIES.map((c) => ({ path: c.path, text: c.path }))];
  return (
    <div className="mb-6 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <nav aria-label="Filter by category" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
        <ul className="flex gap-2 whitespace-nowrap py-1">
          {chips.map((chip) => {
            const current = chip.path === listing.category;
            return (
              <li key={chip.text}>
                <Link
                  to={productsHref({ ...listing, category: chip.path })}
                  aria-current={current ? "page" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 text-sm ${current ? "border-primary bg-primary text-white" : "border-gray-300 text-gray-700 hover:border-primary"}`}
                >
                  {chip.text}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" action={sortAt ?? "/products"} className="flex items-center gap-2 text-sm">
        {listing.search && <input type="hidden" name="search" value={listing.search} />}
        {listing.category && !sortAt && <input type="hidden" name="category" value={listing.category} />}
        <label htmlFor="listing-sort" className="text-gray-700">
          Sort by
        </label>
        <select id="listing-sort" name="sort" defaultValue={listing.sort} key={listing.sort} className="rounded border border-gray-300 bg-white px-2 py-1.5">
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
        <button type="submit" className="rounded border border-primary px-3 py-1.5 text-primary-dull hover:bg-primary-soft">
          Sort
        </button>
      </Form>
    </div>
  );
}
