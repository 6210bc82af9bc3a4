import { useRef } from "react";
import { useLocation, Link } from "react-router";
import { STORE_NAME } from "~/lib/site";
import { useMenuDismiss } from "~/lib/use-menu-dismiss";
import { useCart, useCartErrors } from "~/lib/cart";
import { loginPagePath, requestLogin } from "~/lib/login-dialog";
import { useShopperState } from "~/lib/root-data";
import { withoutDefault } from "~/lib/without-default";
import { AccountMenu, AccountSection } from "./account/AccountMenu";
import { DeliveryChip } from "./DeliveryChip";
import { SearchBox } from "./search/SearchBox";

const LINKS = { "/": "Home", "/products": "All Products", "/contact-us": "Contact" };

export function Navbar() {
  const { count, saving } = useCart();
  useCartErrors();
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useMenuDismiss(menu);
  // NavLink's `end` marking, without its router hooks per link.
  const mainLinks = Object.entries(LINKS).map(([to, label]) => {
    const current = location.pathname === to;
    return (
      <Link key={to} to={to} aria-current={current ? "page" : undefined} className={current ? "text-primary" : "hover:text-primary"}>
        {label}
      </Link>
    );
  });
  const user = useShopperState()?.user;
  const here = `${location.pathname}${location.search}`;
  // A link to /login (works before JavaScript); once the modal is mounted (app/root.tsx) it opens that instead.
  const login = (
    <Link
      to={loginPagePath("login", here)}
      onClick={withoutDefault(() => requestLogin(here))}
      className="rounded-full bg-primary px-8 py-2 text-white transition hover:bg-primary-dull"
    >
      Login
    </Link>
  );
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 md:px-8">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-primary-dull">
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
            <path d="M4 12h24l-3 14H7z" fill="#2f855a" />
            <path d="M10 12l6-8 6 8" fill="none" stroke="#276749" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          {STORE_NAME}
        </Link>
        <div className="hidden items-center gap-6 md:flex">
          {mainLinks}
          <SearchBox />
          <CartLink count={count} saving={saving} />
          {user ? <AccountMenu name={user.name} /> : login}
        </div>
        <div className="flex items-center gap-4 md:hidden">
          <CartLink count={count} saving={saving} />
          <details ref={menu} className="relative">
            <summary className="cursor-pointer rounded p-1" aria-label="Menu">
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <div className="absolute right-0 top-10 z-40 flex w-64 flex-col gap-3 rounded-md border border-gray-200 bg-white p-4 shadow-lg">
              {mainLinks}
              {user ? <AccountSection name={user.name} /> : login}
            </div>
          </details>
        </div>
      </nav>
      <DeliveryChip />
      <div className="px-4 pb-3 pt-2 md:hidden">
        <SearchBox />
      </div>
    </header>
  );
}

// Busy while a change is being saved: the count is the one on its way.
function CartLink({ count, saving }: { count: number; saving: boolean }) {
  return (
    <Link to="/cart" className="relative p-1" aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`} aria-busy={saving || undefined}>
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
