import { Link } from "~/components/Link";
import type { CartLine } from "@worker/services/cart";
import { quantityOptions } from "@shared/cart";
import { imageUrl } from "@shared/images";
import { formatRupees } from "@shared/money";
import { useCart } from "~/components/CartProvider";
import { productPath } from "~/components/ProductCard";

export function CartLineRow({ line, quantity }: { line: CartLine; quantity: number }) {
  const cart = useCart();
  const product = line.product;
  const name = product?.name ?? "Product no longer available";

  return (
    <li className="grid grid-cols-[2fr_1fr_1fr] items-center border-t border-gray-200 py-4 text-sm md:text-base">
      <div className="flex items-center gap-3 md:gap-6">
        {product ? (
          <Link to={productPath(product)} aria-label={product.name} className="flex h-20 w-20 shrink-0 items-center justify-center rounded border border-gray-300 md:h-24 md:w-24">
            {product.images[0] && <img src={imageUrl(product.images[0])} alt="" width={80} height={80} loading="lazy" className="h-full w-full object-contain" />}
          </Link>
        ) : (
          <div className="h-20 w-20 shrink-0 rounded border border-gray-300 bg-gray-100 md:h-24 md:w-24" />
        )}
        <div>
          <p className="font-semibold">{name}</p>
          {!line.available && (
            <p className="mt-1 text-sm font-medium text-red-600" data-testid="unavailable">
              {product ? "Out of stock: remove it to place your order" : "This product was removed from the store"}
            </p>
          )}
          <div className="mt-1 font-normal text-gray-600">
            <p>Weight: {product?.weight || "N/A"}</p>
            <div className="flex items-center gap-2">
              <label htmlFor={`qty-${line.productId}`}>Qty:</label>
              <select
                id={`qty-${line.productId}`}
                value={quantity}
                onChange={(e) => cart.setQuantity(line.productId, Number(e.target.value))}
                className="outline-none"
              >
                {quantityOptions(quantity).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
      </div>
      <p className="text-center">{product && line.available ? formatRupees(product.offerPricePaise * quantity) : "—"}</p>
      <button
        type="button"
        onClick={() => cart.remove(line.productId)}
        aria-label={`Remove one ${name} from cart`}
        className="mx-auto flex h-8 w-8 items-center justify-center rounded-full text-red-600 hover:bg-red-50"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="m9 9 6 6m0-6-6 6" />
        </svg>
      </button>
    </li>
  );
}
