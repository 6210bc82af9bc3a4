import { Link } from "react-router";
import { CATEGORIES } from "@shared/categories";
import { DEFAULT_SORT, PRODUCT_SORTS, productsHref, type ProductSort } from "@shared/search";

export type Listing = { search: string; category?: string; sort: ProductSort };

/** Category chips, then the sort orders as links: one tap sorts, and arrow keys never navigate (WCAG 3.2.2). `sortAt`: a category's own page. */
export function ListingControls({ listing, sortAt }: { listing: Listing; sortAt?: string }) {
  const categories = [{ path: undefined, text: "All" }, ...CATEGORIES.map((c) => ({ path: c.path, text: c.path }))];
  const sortHref = (sort: ProductSort) => (sortAt ? `${sortAt}${sort === DEFAULT_SORT ? "" : `?sort=${sort}`}` : productsHref({ ...listing, sort }));
  return (
    <div className="mb-6 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <Chips
        label="Filter by category"
        chips={categories.map(({ path, text }) => ({ text, to: productsHref({ ...listing, category: path }), current: path === listing.category }))}
      />
      <Chips label="Sort by" shown chips={PRODUCT_SORTS.map(({ value, label }) => ({ text: label, to: sortHref(value), current: value === listing.sort }))} />
    </div>
  );
}

function Chips({ label, shown = false, chips }: { label: string; shown?: boolean; chips: { text: string; to: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 md:mx-0 md:px-0">
      {shown && <span className="shrink-0 text-sm text-gray-700">{label}</span>}
      <ul className="flex gap-2 whitespace-nowrap py-1">
        {chips.map(({ text, to, current }) => (
          <li key={text}>
            <Link
              to={to}
              aria-current={current ? "page" : undefined}
              className={`inline-block rounded-full border px-3 py-1 text-sm ${current ? "border-primary bg-primary text-white" : "border-gray-300 text-gray-700 hover:border-primary"}`}
            >
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
