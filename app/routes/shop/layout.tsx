import { Link, Outlet, useLocation } from "react-router";
import { RouteErrorPage } from "~/components/ErrorPage";
import { AccountMenu, AccountSection } from "~/components/account/AccountMenu";
import { loginPagePath, requestLogin } from "~/lib/login-dialog";
import { withoutDefault } from "~/lib/without-default";
import { CartBar } from "~/components/cart/CartBar";
import { Footer } from "~/components/Footer";
import { Navbar } from "~/components/Navbar";
import { useShopperState } from "~/lib/root-data";

function Account({ inPhoneMenu = false }: { inPhoneMenu?: boolean }) {
  const user = useShopperState()?.user;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (user) return inPhoneMenu ? <AccountSection name={user.name} /> : <AccountMenu name={user.name} />;
  // A link to /login (works before JavaScript); once the modal is mounted (app/root.tsx) it opens that instead.
  return (
    <Link
      to={loginPagePath("login", here)}
      onClick={withoutDefault(() => requestLogin(here))}
      className="rounded-full bg-primary px-8 py-2 text-white transition hover:bg-primary-dull"
    >
      Login
    </Link>
  );
}

export default function ShopLayout() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Navbar account={<Account />} phoneAccount={<Account inPhoneMenu />} />
      <main id="main" className="mx-auto min-h-[60vh] max-w-7xl px-4 md:px-8">
        <Outlet />
      </main>
      <Footer />
      <CartBar />
    </>
  );
}

/** Loader errors of shop pages (an unknown product, say) render inside the shop's layout. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <>
      <Navbar account={<Account />} phoneAccount={<Account inPhoneMenu />} />
      <main id="main">
        <RouteErrorPage error={error} />
      </main>
      <Footer />
    </>
  );
}
