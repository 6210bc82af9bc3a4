import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, Link } from "react-router";
import type { ProductCardView } from "@worker/services/catalog";
import { ProductGrid } from "./ProductCard";
import { useHydrated } from "~/lib/use-hydrated";

type Page = { products: ProductCardView[]; nextCursor: string | null };

/**
 * A product grid with "Load more". Without JavaScript the button is a link to the next page;
 * with it, the next page is fetched and appended in place. `children` go between the title and
 * the grid (the shop's sort and filter controls); `emptyMessage` is what shows instead of an empty grid;
 * `end`, what follows the last page once no page follows, drawn from that last page's data (a
 * search's sold-out matches come with its last page, whether it was first or loaded).
 */
export function ProductListing<P extends Page>({
  title,
  page,
  emptyMessage,
  children,
  end,
}: {
  title: string;
  page: P;
  emptyMessage: React.ReactNode;
  children?: React.ReactNode;
  end?: (lastPage: P) => React.ReactNode;
}) {
  const location = useLocation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  // The pages "Load more" appended, and the first page they follow: a new first page (another
  // search, a revalidation) starts the list again. Reset while rendering rather than in an effect,
  // so hydration does not render the whole grid a second time. Back at this entry of the history
  // (Back from a product), the pages it had appended are there again, so the scroll comes back to
  // the product the shopper opened; never while hydrating, which must match the server's HTML.
  const [appended, setAppended] = useState<P[]>(() => (hydrated ? restoredPages(location.key, page) : []));
  const [appendedTo, setAppendedTo] = useState(page);
  const [lastLoaded, setLastLoaded] = useState<P | undefined>(undefined);
  if (page !== appendedTo) {
    setAppendedTo(page);
    setAppended([]);
  }
  // A page "Load more" fetched is appended once, when it arrives. It is the same route's loader
  // data as `page` (already plain JSON), so it has the page's type.
  const fetched = fetcher.data as P | undefined;
  if (fetched && fetcher.state === "idle" && fetched !== lastLoaded) {
    const loaded = [...appended, fetched];
    setLastLoaded(fetched);
    setAppended(loaded);
    savePages(location.key, page, loaded);
  }
  // Load more was pressed: once its page is in, the focus goes to the first product it added (the
  // link pressed may be gone, with the last page), where a keyboard user reads on.
  const section = useRef<HTMLElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    const added = appended.at(-1);
    if (!pressed.current || !added) return;
    pressed.current = false;
    const articles = section.current?.querySelectorAll("article") ?? [];
    articles[articles.length - added.products.length]?.querySelector("a")?.focus();
  }, [appended]);

  const pages = [page, ...appended];
  const products = pages.flatMap((p) => p.products);
  const lastPage = pages.at(-1)!;
  const nextCursor = lastPage.nextCursor;
  const nextHref = nextCursor ? withCursor(location, nextCursor) : null;

  return (
    <section ref={section} className="mt-10 flex flex-col" aria-labelledby="listing-title">
      <h1 id="listing-title" className="mb-6 text-2xl font-medium uppercase md:text-3xl">
        {title}
        <span aria-hidden="true" className="mt-1 block h-0.5 w-16 rounded-full bg-primary" />
      </h1>
      {children}
      <h2 className="sr-only">Products</h2>
      {products.length === 0 ? (
        typeof emptyMessage === "string" ? (
          <p className="py-10 text-gray-600">{emptyMessage}</p>
        ) : (
          emptyMessage
        )
      ) : (
        <ProductGrid products={products} eagerCount={5} />
      )}
      {nextHref && (
        <Link
          to={nextHref}
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            pressed.current = true;
            fetcher.load(nextHref);
          }}
          className="mx-auto mt-10 rounded-full border border-primary px-8 py-2 text-primary-dull hover:bg-primary-soft"
        >
          {fetcher.state === "loading" ? "Loading…" : "Load more"}
        </Link>
      )}
      {!nextHref && products.length > 0 && end?.(lastPage)}
    </section>
  );
}

/** This listing's URL at the next page. */
function withCursor(location: { pathname: string; search: string }, cursor: string): string {
  const params = new URLSearchParams(location.search);
  params.set("cursor", cursor);
  return `${location.pathname}?${params}`;
}

/**
 * The pages appended at one history entry, kept for the tab's session (sessionStorage, keyed by
 * React Router's location key) with the first page they follow, so a changed first page (the
 * catalogue moved since) starts again rather than joining pages that no longer follow on.
 */
type SavedPages<P extends Page> = { after: string | null; appended: P[] };
const storageKey = (locationKey: string) => `listing:${locationKey}`;

function savePages<P extends Page>(locationKey: string, first: P, appended: P[]) {
  try {
    sessionStorage.setItem(storageKey(locationKey), JSON.stringify({ after: first.nextCursor, appended } satisfies SavedPages<P>));
  } catch {
    // Storage full or refused (private mode): Back then shows the first page, as before.
  }
}

function restoredPages<P extends Page>(locationKey: string, first: P): P[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(locationKey)) ?? "null") as SavedPages<P> | null;
    return saved && saved.after === first.nextCursor && Array.isArray(saved.appended) ? saved.appended : [];
  } catch {
    return [];
  }
}
