import { useMatches, Link } from "react-router";
import { useCart } from "~/lib/cart";
import { formatRupees, itemsTotal } from "@shared/money";

/**
 * A shop route's `handle` for a page without the cart bar: the cart itself, and the address forms
 * on the way to checkout (the bar would only cover their Save button).
 */
export const WITHOUT_CART_BAR = { cartBar: false } as const;

/**
 * The phone's floating "View cart · N items · ₹X" bar, on every shop page but those whose route
 * says WITHOUT_CART_BAR, while the cart holds something (app.css places it and keeps room for it;
 * md and up have the top bar's cart instead). A plain link: it works before JavaScript loads.
 */
export function CartBar() {
  const { items, count, prices } = useCart();
  const hidden = useMatches().some((match) => (match.handle as { cartBar?: boolean } | undefined)?.cartBar === false);
  if (count === 0 || hidden) return null;
  const summary = `${count} ${count === 1 ? "item" : "items"} · ${formatRupees(itemsTotal(items, prices))}`;
  return (
    <Link
      to="/cart"
      className="cart-bar fixed inset-x-3 z-30 flex h-14 items-center justify-between rounded-lg bg-primary px-4 font-medium text-white shadow-lg md:hidden"
    >
      <span>View cart</span> <span>{summary}</span>
    </Link>
  );
}
