import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher, useLocation, Link } from "react-router";
import type { ProductCardView } from "@worker/services/catalog";
import { ProductGrid } from "./ProductCard";
import { useHydrated } from "~/lib/use-hydrated";

type Page = { products: ProductCardView[]; nextCursor: string | null };

type ProductListingProps<P extends Page> = { title: string; page: P; emptyMessage: ReactNode; children?: ReactNode; end?: (lastPage: P) => ReactNode };
/** A product grid with "Load more" (a link without JavaScript, appended in place with it); `end` follows the last page. */
export function ProductListing<P extends Page>({ title, page, emptyMessage, children, end }: ProductListingProps<P>) {
  const location = useLocation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  // Pages "Load more" appended: reset while rendering (an effect renders the grid twice); restored coming back, for the scroll (not when hydrating).
  const [appended, setAppended] = useState<P[]>(() => (hydrated ? restoredPages(location.key, page) : []));
  const [appendedTo, setAppendedTo] = useState(page);
  const [lastLoaded, setLastLoaded] = useState<P | undefined>(undefined);
  if (page !== appendedTo) {
    setAppendedTo(page);
    setAppended([]);
  }
  // The same route's loader data as `page`, appended once when it arrives.
  const fetched = fetcher.data as P | undefined;
  if (fetched && fetcher.state === "idle" && fetched !== lastLoaded) {
    const loaded = [...appended, fetched];
    setLastLoaded(fetched);
    setAppended(loaded);
    savePages(location.key, page, loaded);
  }
  // Once the page is in, focus the first product it added (the link pressed may be gone).
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
  const nextParams = new URLSearchParams(location.search);
  if (lastPage.nextCursor) nextParams.set("cursor", lastPage.nextCursor);
  const nextHref = lastPage.nextCursor ? `${location.pathname}?${nextParams}` : null;
  const empty = typeof emptyMessage === "string" ? <p className="py-10 text-gray-600">{emptyMessage}</p> : emptyMessage;

  return (
    <section ref={section} className="mt-10 flex flex-col" aria-labelledby="listing-title">
      <h1 id="listing-title" className="mb-6 text-2xl font-medium uppercase md:text-3xl">
        {title}
        <span aria-hidden="true" className="mt-1 block h-0.5 w-16 rounded-full bg-primary" />
      </h1>
      {children}
      <h2 className="sr-only">Products</h2>
      {products.length > 0 ? <ProductGrid products={products} eagerCount={5} /> : empty}
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

/** Pages appended at one history entry (sessionStorage), with the first page they follow: a changed first page starts again. */
type SavedPages<P extends Page> = { after: string | null; appended: P[] };
const storageKey = (locationKey: string) => `listing:${locationKey}`;

function savePages<P extends Page>(locationKey: string, first: P, appended: P[]) {
  try {
    sessionStorage.setItem(storageKey(locationKey), JSON.stringify({ after: first.nextCursor, appended } satisfies SavedPages<P>));
  } catch {
    // Storage full or refused (private mode).
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
