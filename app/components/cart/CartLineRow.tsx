import type { FormEvent, ReactNode } from "react";
import { Link } from "react-router";
import type { CartLine } from "@worker/services/cart";
import { lineLimit, overLimit, stockBinds } from "@shared/cart";
import { formatRupees } from "@shared/money";
import { cartFormAction, useCartChange } from "~/lib/cart";
import { productPath } from "@shared/paths";
import { Thumbnail } from "~/components/Thumbnail";

/** One cart line: every button a plain form setting the quantity through /cart (a repeated post cannot count twice). */
export function CartLineRow({ line, quantity }: { line: CartLine; quantity: number }) {
  const product = line.product;
  const name = product?.name ?? "Product no longer available";
  const step = "flex h-9 w-9 items-center justify-center text-lg aria-disabled:opacity-40";
  const most = lineLimit(line);
  const cannotAdd = most === null || quantity >= most;

  return (
    // A phone has no room for three columns: the amount sits above Remove at the right.
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-3 border-t border-gray-200 py-4 text-sm md:grid-cols-[2fr_1fr_1fr] md:gap-x-0 md:text-base">
      <div className="flex min-w-0 items-center gap-3 md:gap-6">
        {product ? (
          <Link
            to={productPath(product)}
            aria-label={product.name}
            className="flex h-20 w-20 shrink-0 items-center justify-center rounded border border-gray-300 md:h-24 md:w-24"
          >
            <Thumbnail image={product.images[0]} size={80} className="h-full w-full object-contain" />
          </Link>
        ) : (
          <div className="h-20 w-20 shrink-0 rounded border border-gray-300 bg-gray-100 md:h-24 md:w-24" />
        )}
        <div className="min-w-0">
          <p className="font-semibold break-words">{name}</p>
          {!line.available && (
            <p className="mt-1 text-sm font-medium text-red-600" data-testid="unavailable">
              {product ? "Out of stock: remove it to place your order" : "This product was removed from the store"}
            </p>
          )}
          {most !== null && overLimit(line, quantity) && (
            // The stock fell since it was added, or the seller set a limit: say so here, with the one-tap fix.
            <div className="mt-1 flex flex-wrap items-center gap-x-2 text-sm font-medium text-red-600" data-testid="over-stock">
              <p>{stockBinds(product!) ? `Only ${most} left` : `At most ${most} per order`}</p>
              <SetQuantity productId={line.productId} quantity={most} label={`Change ${name} to ${most}`} className="min-h-8 text-primary underline">
                Change to {most}
              </SetQuantity>
            </div>
          )}
          <div className="mt-1 font-normal text-gray-600">
            <p>Weight: {product?.weight || "N/A"}</p>
            <div className="mt-1 flex w-fit items-center rounded bg-primary/20 text-primary-dull select-none" data-testid="stepper">
              <SetQuantity productId={line.productId} quantity={quantity - 1} label={`Remove one ${name}`} className={step}>
                −
              </SetQuantity>
              <span aria-live="polite" className="min-w-6 text-center font-medium" data-testid="quantity">
                <span className="sr-only">{name} in cart: </span>
                {quantity}
              </span>
              <SetQuantity productId={line.productId} quantity={quantity + 1} label={`Add one more ${name}`} disabled={cannotAdd} className={step}>
                +
              </SetQuantity>
            </div>
          </div>
        </div>
      </div>
      <div className="flex flex-col items-end gap-2 md:contents">
        <p className="font-semibold md:text-center md:font-normal">{product && line.available ? formatRupees(product.offerPricePaise * quantity) : "—"}</p>
        <SetQuantity
          productId={line.productId}
          quantity={0}
          label={`Remove ${name} from cart`}
          className="flex h-9 items-center gap-1 rounded-full px-2 text-red-700 hover:bg-red-50 md:mx-auto"
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13" />
          </svg>
          <span className="hidden md:inline">Remove</span>
        </SetQuantity>
      </div>
    </li>
  );
}

type SetQuantityProps = { productId: string; quantity: number; label: string; disabled?: boolean; className: string; children: ReactNode };
function SetQuantity({ productId, quantity, label, disabled = false, className, children }: SetQuantityProps) {
  const setQuantity = useCartChange();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) setQuantity(productId, quantity);
  };
  return (
    <form method="post" action={cartFormAction("/cart")} onSubmit={submit}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value={quantity} />
      {/* aria-disabled, not disabled: a button pressed up to its limit keeps the focus. */}
      <button type="submit" name="intent" value="set" aria-label={label} aria-disabled={disabled || undefined} className={className}>
        {children}
      </button>
    </form>
  );
}
