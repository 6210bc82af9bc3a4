import { useEffect, useId, useRef } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { Link } from "./Link";
import { MAX_SEARCH_LENGTH, normaliseSearchText } from "@shared/search";
import { STORE_NAME } from "~/lib/site";
import { useCart } from "./CartProvider";
import { DeliveryChip } from "./DeliveryChip";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/products", label: "All Product" },
  // The contact page itself, not /contact (which redirects there): no extra hop, and the bar can mark it.
  { to: "/contact-us", label: "Contact" },
];

export function Navbar({ account }: { account: React.ReactNode }) {
  const { count } = useCart();
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // The phone menu closes once a link in it has been followed.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 md:px-8">
        <Logo />
        <div className="hidden items-center gap-6 md:flex">
          <MainLinks pathname={location.pathname} />
          <SearchBox />
          <CartLink count={count} />
          {account}
        </div>
        <div className="flex items-center gap-4 md:hidden">
          <CartLink count={count} />
          <details ref={menu} className="relative">
            <summary className="cursor-pointer rounded p-1" aria-label="Menu">
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <div className="absolute right-0 top-10 flex w-64 flex-col gap-3 rounded-md border border-gray-200 bg-white p-4 shadow-lg">
              <MainLinks pathname={location.pathname} />
              <SearchBox />
              {account}
            </div>
          </details>
        </div>
      </nav>
      <DeliveryChip />
    </header>
  );
}

/** The bar's page links, the current page marked: what React Router's NavLink does with `end`, without its router hooks per link. */
function MainLinks({ pathname }: { pathname: string }) {
  return LINKS.map((link) => {
    const current = pathname === link.to;
    return (
      <Link key={link.to} to={link.to} aria-current={current ? "page" : undefined} className={current ? "text-primary" : "hover:text-primary"}>
        {link.label}
      </Link>
    );
  });
}

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-xl font-bold text-primary-dull">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <path d="M4 12h24l-3 14H7z" fill="#2f855a" />
        <path d="M10 12l6-8 6 8" fill="none" stroke="#276749" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      {STORE_NAME}
    </Link>
  );
}

/** A plain GET form to /products: typing a search always lands on the product list. */
function SearchBox() {
  const [params] = useSearchParams();
  const id = useId();
  return (
    <Form method="get" action="/products" role="search" className="flex items-center rounded-full border border-gray-300 px-3 text-sm">
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="search"
        type="search"
        defaultValue={normaliseSearchText(params.get("search") ?? "")}
        placeholder="Search products"
        maxLength={MAX_SEARCH_LENGTH}
        className="w-full bg-transparent py-1.5 outline-none placeholder:text-gray-500 lg:w-44"
      />
      <button type="submit" aria-label="Search" className="p-1 text-gray-600">
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
    </Form>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <Link to="/cart" className="relative p-1" aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L21 8H6.2" strokeLinejoin="round" />
        <circle cx="9" cy="20" r="1.3" />
        <circle cx="18" cy="20" r="1.3" />
      </svg>
      <span
        data-testid="cart-count"
        className="absolute -right-2 -top-1 min-w-[18px] rounded-full bg-primary px-1 text-center text-xs leading-[18px] text-white"
      >
        {count}
      </span>
    </Link>
  );
}
