import { Link } from "react-router";
import type { ProductCardView } from "@worker/services/catalog";
import { imageUrl } from "@shared/images";
import { productPath } from "@shared/paths";
import { AddToCart } from "./AddToCart";
import { DiscountBadge, Price } from "./Price";

/** `eagerCount`: cards likely in the first screen (the first, the page's likely LCP, is fetched first). */
export function ProductGrid({ products, eagerCount = 0 }: { products: ProductCardView[]; eagerCount?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-6 lg:grid-cols-4 xl:grid-cols-5">
      {products.map((product, i) => (
        <article key={product.id} className="relative flex flex-col rounded-md border border-gray-200 bg-white p-3 md:px-4">
          <DiscountBadge offerPricePaise={product.offerPricePaise} pricePaise={product.pricePaise} className="absolute left-2 top-2" />
          <Link to={productPath(product)} className="group flex flex-col">
            <div className="flex items-center justify-center py-2">
              {product.image && (
                <img
                  src={imageUrl(product.image)}
                  alt=""
                  width={128}
                  height={128}
                  loading={i < eagerCount ? "eager" : "lazy"}
                  fetchPriority={eagerCount > 0 && i === 0 ? "high" : undefined}
                  decoding="async"
                  className="h-28 w-28 object-contain transition group-hover:scale-105 md:h-32 md:w-32"
                />
              )}
            </div>
            <p className="text-sm text-gray-500">{product.category}</p>
            <h3 className="truncate text-base font-medium text-gray-800 md:text-lg">{product.name}</h3>
          </Link>
          <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
            <Price offerPricePaise={product.offerPricePaise} pricePaise={product.pricePaise} />
            <AddToCart product={product} />
          </div>
        </article>
      ))}
    </div>
  );
}
