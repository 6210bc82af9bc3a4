import { useLocation } from "react-router";
import { Link } from "~/components/Link";
import { useCart } from "~/components/CartProvider";
import { formatRupees, itemsTotal } from "@shared/money";

/**
 * The phone's floating "View cart · N items · ₹X" bar, on every shop page but the cart and the address forms,
 * while the cart holds something (app.css places it and keeps room for it; md and up have the top
 * bar's cart instead). A plain link: it works before JavaScript loads.
 */
/** The address forms, on the way to checkout: a bar there would only cover their Save button. */
const ADDRESS_FORM = /^\/(add-address|addresses\/[^/]+\/edit)$/;

export function CartBar() {
  const { items, count, prices } = useCart();
  const { pathname } = useLocation();
  if (count === 0 || pathname === "/cart" || ADDRESS_FORM.test(pathname)) return null;
  const summary = `${count} ${count === 1 ? "item" : "items"} · ${formatRupees(itemsTotal(items, prices))}`;
  return (
    <Link
      to="/cart"
      aria-label={`View cart · ${summary}`}
      className="cart-bar fixed inset-x-3 z-30 flex h-14 items-center justify-between rounded-lg bg-primary px-4 font-medium text-white shadow-lg md:hidden"
    >
      <span>View cart</span>
      <span>{summary}</span>
    </Link>
  );
}
