import { useEffect } from "react";
import { redirect, useRevalidator, Link } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { cardPaymentsEnabled } from "@worker/payments/stripe-client";
import { toAddressSnapshot } from "@worker/services/addresses";
import { cartPage } from "@worker/services/cart";
import { deliveryPromise } from "@worker/services/delivery-area";
import { applyCartForm, cartFormReturn } from "@worker/web/cart-form";
import { submitCheckout } from "@worker/web/checkout-form";
import { guestCart, shopperOf } from "@worker/web/shopper-state";
import { CartLineRow } from "~/components/cart/CartLineRow";
import { Checkout } from "~/components/cart/Checkout";
import { PayNowButton } from "~/components/orders/PayNow";
import { useCart } from "~/lib/cart";
import { cartCount, overLimit } from "@shared/cart";
import { belowMinimumOrder, feeNudge } from "@shared/fees";
import { savedAgainstMrp, totalsFor } from "@shared/money";
import { viewPromise } from "@shared/delivery";
import { formatDateTime, orderNumber, UNPAID_CARD_ORDER_HOLD_MS, UNPAID_PARAM } from "@shared/order-status";
import { useRevalidateEvery } from "~/lib/use-polling";
import { pageMeta } from "~/lib/site";
import { useStorefront } from "~/lib/root-data";
import { rescueFocus } from "~/lib/focus-rescue";
import type { Route } from "./+types/cart";
import { WITHOUT_CART_BAR } from "~/components/cart/CartBar";

export const handle = WITHOUT_CART_BAR;

export const meta: Route.MetaFunction = () => pageMeta("Your cart", "Review your cart, choose a delivery address and place your order.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const userId = await shopperOf(context).userId();
  const unpaidId = new URL(request.url).searchParams.get(UNPAID_PARAM);
  const { signedIn, lines, addresses, waiting, settings } = await cartPage(worker.db, userId ? { userId } : { guestItems: guestCart(request) });
  return {
    lines,
    addresses: addresses.map((address) => ({
      ...toAddressSnapshot(address),
      promise: viewPromise(deliveryPromise(settings, address.zipCode, address.state), address.zipCode),
    })),
    signedIn,
    cardPayments: cardPaymentsEnabled(worker.env),
    // One key per checkout attempt: a double click or a replayed form makes one order.
    checkoutKey: crypto.randomUUID(),
    // A card order still waiting for its payment: placing the cart replaces it.
    unpaid: waiting,
    backFromStripe: waiting !== null && waiting.id === unpaidId,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (new URL(request.url).searchParams.has("checkout")) {
    // Without JavaScript a refused order comes back here saying why; a guest goes to log in first.
    return answerForm(request, async () => redirect(await submitCheckout(request, context)), {
      refusal: { to: (error) => (error.status === 401 ? `/login?redirectTo=${encodeURIComponent("/cart")}` : "/cart") },
    });
  }
  const back = cartFormReturn(request);
  return answerForm(request, () => applyCartForm(request, context), { redirectTo: back, refusal: { to: () => back } });
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const cart = useCart();
  const revalidator = useRevalidator();
  // Back in this tab after changing the cart in another: Place Order must not post the cart as it was.
  useRevalidateEvery(null);
  // A product added a moment ago on another page may not have reached the server yet.
  const missing = Object.keys(cart.items)
    .filter((id) => !loaderData.lines.some((line) => line.productId === id))
    .join();
  useEffect(() => {
    if (missing) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing]);
  const lines = loaderData.lines.filter((line) => (cart.items[line.productId] ?? 0) > 0);
  const orderable = lines.filter((line) => line.available && line.product);
  const store = useStorefront();
  const fees = store?.fees ?? {};
  const priced = orderable.map((line) => ({
    unitPricePaise: line.product!.offerPricePaise,
    mrpPaise: line.product!.pricePaise,
    quantity: cart.items[line.productId]!,
  }));
  const totals = totalsFor(priced, store?.taxBasisPoints ?? 0, fees);
  const belowMinimum = belowMinimumOrder(totals.subtotal, fees);

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
        {/* Back from Stripe's page without paying (`?unpaid=`). */}
        {loaderData.unpaid && (
          <div role="status" className="mb-6 rounded border border-amber-300 bg-amber-50 p-4 text-sm text-gray-800" data-testid="unpaid-order">
            <p>
              The online payment for order <span className="font-mono">{orderNumber(loaderData.unpaid.id)}</span> was not completed. Pay now, or place your
              order again below, online or cash on delivery: this one is then cancelled. Nothing has been charged; left unpaid, it is cancelled at{" "}
              {formatDateTime(loaderData.unpaid.createdAt + UNPAID_CARD_ORDER_HOLD_MS)}.
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-4">
              <PayNowButton orderId={loaderData.unpaid.id} />
              <Link to={`/my-orders/${loaderData.unpaid.id}`} className="text-primary underline">
                View the order
              </Link>
            </div>
          </div>
        )}
        <h1 className="mb-6 text-3xl font-medium">
          Shopping Cart{" "}
          <span className="text-sm text-primary">
            {cartCount(cart.items)} {cartCount(cart.items) === 1 ? "Item" : "Items"}
          </span>
        </h1>
        <div className="hidden grid-cols-[2fr_1fr_1fr] pb-3 text-base font-medium text-gray-500 md:grid">
          <p className="text-left">Product Details</p>
          <p className="text-center">Subtotal</p>
          <p className="text-center">Action</p>
        </div>
        <ul ref={rescueFocus}>
          {lines.map((line) => (
            <CartLineRow key={line.productId} line={line} quantity={cart.items[line.productId]!} />
          ))}
        </ul>
        <Link to="/products" className="mt-8 inline-flex items-center gap-2 font-medium text-primary">
          <span aria-hidden="true">←</span> Continue Shopping
        </Link>
      </div>
      <aside className="h-fit w-full rounded border border-gray-300/70 bg-gray-100/40 p-5 md:max-w-[360px]" aria-labelledby="summary-title">
        <h2 id="summary-title" className="text-xl font-medium">
          Order Summary
        </h2>
        <hr className="my-5 border-gray-300" />
        <Checkout
          totals={totals}
          savedPaise={savedAgainstMrp(priced)}
          nudge={belowMinimum ? null : feeNudge(totals.subtotal, fees)}
          {...loaderData}
          items={orderable.map((line) => ({ product: line.productId, quantity: cart.items[line.productId]! }))}
          blocked={
            store?.paused
              ? "We're not taking orders right now: your cart is kept for when we're back."
              : orderable.length !== lines.length
                ? "Remove the unavailable items to place your order."
                : lines.some((line) => overLimit(line, cart.items[line.productId] ?? 0))
                  ? "Your cart holds more than can be ordered: change the marked quantities to place your order."
                  : belowMinimum
          }
        />
      </aside>
    </div>
  );
}
