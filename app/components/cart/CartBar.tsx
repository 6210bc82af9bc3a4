import { useMatches, Link } from "react-router";
import { useCart, useFeeNudge } from "~/lib/cart";
import { formatRupees, itemsTotal } from "@shared/money";

/** A shop route's `handle` for a page without the cart bar (it would cover the address forms' Save). */
export const WITHOUT_CART_BAR = { cartBar: false } as const;

/** The phone's floating "View cart · N items · ₹X" link while the cart holds something (app.css places it). */
export function CartBar() {
  const { items, count, prices } = useCart();
  const nudge = useFeeNudge();
  const hidden = useMatches().some((match) => (match.handle as { cartBar?: boolean } | undefined)?.cartBar === false);
  if (count === 0 || hidden) return null;
  const summary = `${count} ${count === 1 ? "item" : "items"} · ${formatRupees(itemsTotal(items, prices))}`;
  return (
    <Link
      to="/cart"
      className="cart-bar fixed inset-x-3 z-30 flex h-14 items-center justify-between rounded-lg bg-primary px-4 font-medium text-white shadow-lg md:hidden"
    >
      <span>View cart{nudge && <span className="block text-xs font-normal"> {nudge}</span>}</span> <span>{summary}</span>
    </Link>
  );
}
