import { Link, redirect } from "react-router";
import { fromContext } from "../../../worker/context";
import { cartLines } from "../../../worker/services/cart";
import { applyCartForm } from "../../../worker/services/cart-form";
import { readShopperState } from "../../../worker/services/shopper-state";
import { useCart } from "../../components/CartProvider";
import { CartLineRow } from "../../components/cart/CartLineRow";
import { OrderSummary } from "../../components/cart/OrderSummary";
import { cartCount } from "../../lib/cart";
import { totalsFor } from "../../lib/money";
import { pageMeta } from "../../lib/site";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => pageMeta("Your cart", "Review your cart, choose a delivery address and place your order.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const { cart } = await readShopperState(request, worker);
  return cartLines(worker.db, cart);
}

/** Add, remove or set a quantity without JavaScript; with it, the cart updates in the browser. */
export async function action({ request, context }: Route.ActionArgs) {
  const { headers, redirectTo } = await applyCartForm(request, fromContext(context));
  return redirect(redirectTo, { headers });
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const cart = useCart();
  const lines = loaderData.lines.filter((line) => (cart.items[line.productId] ?? 0) > 0);
  const totals = totalsFor(
    lines
      .filter((line) => line.available && line.product)
      .map((line) => ({ unitPricePaise: line.product!.offerPricePaise, quantity: cart.items[line.productId]! })),
  );

  if (lines.length === 0) {
    return (
      <div className="mt-16 flex flex-col items-center gap-4 text-center">
        <h1 className="text-2xl font-medium">Your cart is empty</h1>
        <Link to="/products" className="rounded-full bg-primary px-6 py-2 text-white hover:bg-primary-dull">
          Continue shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="mt-16 flex flex-col gap-10 md:flex-row">
      <div className="flex-1">
        <h1 className="mb-6 text-3xl font-medium">
          Shopping Cart <span className="text-sm text-primary">{cartCount(cart.items)} Items</span>
        </h1>
        <div className="hidden grid-cols-[2fr_1fr_1fr] pb-3 text-base font-medium text-gray-500 md:grid">
          <p className="text-left">Product Details</p>
          <p className="text-center">Subtotal</p>
          <p className="text-center">Action</p>
        </div>
        <ul>
          {lines.map((line) => (
            <CartLineRow key={line.productId} line={line} quantity={cart.items[line.productId]!} />
          ))}
        </ul>
        <Link to="/products" className="mt-8 inline-flex items-center gap-2 font-medium text-primary">
          <span aria-hidden="true">←</span> Continue Shopping
        </Link>
      </div>
      <OrderSummary totals={totals} />
    </div>
  );
}
