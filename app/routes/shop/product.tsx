import { refusesOrders } from "@shared/delivery";
import { Fragment, type FormEvent } from "react";
import { data, useLocation, useSearchParams, Link } from "react-router";
import { fromContext } from "@worker/web/context";
import { productWithRelated, toProductCard, toProductView, type ProductView } from "@worker/services/catalog";
import { DiscountBadge, Price } from "~/components/Price";
import { ProductGrid } from "~/components/ProductCard";
import { findCategory } from "@shared/categories";
import { cartFormAction, submitAfterCartSaved, useCart, useCartChange, useFeeNudge } from "~/lib/cart";
import { LOW_STOCK_SHOWN, mostPerOrder, stockBinds } from "@shared/cart";
import { imageUrl } from "@shared/images";
import { formatRupees, savingsOf } from "@shared/money";
import { useDeliveryTo, useStorefront } from "~/lib/root-data";
import { TitledSection } from "~/components/TitledSection";
import { unitSalePrice } from "@shared/net-quantity";
import { listPriceName } from "@shared/tax";
import { OptionalLine } from "~/components/OptionalLine";
import { productPath } from "@shared/paths";
import { productJsonLd, seoMeta } from "@worker/web/seo";
import { pageMeta, pageTitle, siteAt } from "~/lib/site";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data ? [...pageMeta(data.product.name, describe(data.product)), ...data.seo] : pageMeta("Product not found", "This product does not exist.");

function describe(product: { name: string; category: string; description: string[] }): string {
  return `${product.name} (${product.category}): ${product.description[0] ?? "fresh and delivered fast"}.`;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const { product, related } = await productWithRelated(worker.db, params.id);
  if (!product || product.category.toLowerCase() !== params.category.toLowerCase()) throw data(null, { status: 404 });
  const site = siteAt(worker.env.APP_URL);
  // The canonical URL is the product's own (lower-case category), whatever case the link used.
  const seo = [
    ...seoMeta({ site, path: productPath(product), title: pageTitle(product.name), description: describe(product), image: product.images[0], type: "product" }),
    ...productJsonLd(site, product),
  ];
  return { product: toProductView(product), related: related.map(toProductCard), seo };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  const [searchParams] = useSearchParams();
  const asked = Number(searchParams.get("image")); // ?image=N, counted from 1
  const shown = Number.isInteger(asked) && asked >= 1 && asked <= product.images.length ? asked - 1 : 0;
  const mainImage = product.images[shown];
  const inCart = useCart().items[product.id] ?? 0;
  const setQuantity = useCartChange();
  // All that is left, or the most one order may hold, is in the cart already: another would only be refused at Place Order.
  const allLeftInCart = inCart >= mostPerOrder(product);
  const addOne = (event: FormEvent) => {
    event.preventDefault();
    if (!allLeftInCart) setQuantity(product.id, inCart + 1, product.offerPricePaise);
  };
  const { priceTax, fees } = useStorefront()?.words ?? {};
  const feeNote = useFeeNudge() ?? fees;
  const categoryPath = `/products/${product.category.toLowerCase()}`;
  const crumbs = { "/": "Home", "/products": "Products", [categoryPath]: findCategory(product.category)?.text ?? product.category };
  const savings = savingsOf(product.pricePaise, product.offerPricePaise);

  return (
    <div className="mt-10">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
        {Object.entries(crumbs).map(([to, text]) => (
          <Fragment key={to}>
            <Link to={to} className="hover:text-primary">
              {text}
            </Link>{" "}
            /{" "}
          </Fragment>
        ))}
        <span aria-current="page" className="text-primary-dull">
          {product.name}
        </span>
      </nav>

      <div className="mt-4 flex flex-col gap-10 md:flex-row md:gap-16">
        {/* Thumbnails are links to `?image=N` (works before JavaScript); in the browser they swap the picture in place. */}
        <div className="flex flex-col-reverse gap-3 md:flex-row">
          {product.images.length > 1 && (
            <div className="flex gap-3 md:flex-col">
              {product.images.map((key, i) => (
                <Link
                  key={key}
                  to={i === 0 ? productPath(product) : `${productPath(product)}?image=${i + 1}`}
                  replace
                  preventScrollReset
                  defaultShouldRevalidate={false}
                  aria-label={`Show image ${i + 1} of ${product.name}`}
                  aria-current={i === shown ? "true" : undefined}
                  className={`overflow-hidden rounded border ${i === shown ? "border-primary" : "border-gray-300"}`}
                >
                  <img src={imageUrl(key)} alt="" width={80} height={80} loading="lazy" className="h-16 w-16 object-contain md:h-20 md:w-20" />
                </Link>
              ))}
            </div>
          )}
          <div className="flex items-center justify-center overflow-hidden rounded border border-gray-300 p-4">
            {mainImage && (
              <img
                src={imageUrl(mainImage)}
                alt={product.name}
                width={256}
                height={256}
                fetchPriority="high"
                className="h-56 w-56 object-contain md:h-80 md:w-80"
              />
            )}
          </div>
        </div>

        <div className="w-full text-sm md:w-1/2">
          {/* No star rating: nobody has rated a product yet, and a rating nobody gave misleads (issue 39). */}
          <h1 className="text-3xl font-medium">{product.name}</h1>
          <div className="mt-6">
            <div className="flex flex-wrap items-center gap-3">
              <Price offerPricePaise={product.offerPricePaise} pricePaise={product.pricePaise} large />
              <DiscountBadge offerPricePaise={product.offerPricePaise} pricePaise={product.pricePaise} />
            </div>
            {savings && <p className="font-medium text-primary-dull">You save {formatRupees(savings.saved)}</p>}
            <p className="text-gray-500" data-testid="price-tax-note">
              {priceTax}
            </p>
            <div className="mt-3">
              <DeliveryPromiseLine />
              <OptionalLine data-testid="fee-note" className="text-gray-600" text={feeNote} />
            </div>
            {product.inStock && product.stock !== null && product.stock <= LOW_STOCK_SHOWN && (
              <p className="mt-2 font-medium text-amber-700">Only {product.stock} left</p>
            )}
            {product.maxPerOrder !== null && <p className="mt-2 text-gray-700">At most {product.maxPerOrder} per order</p>}
            {/* What is already in the cart, so Add to Cart is never a surprise second one. */}
            <p aria-live="polite" className="mt-2 text-sm text-gray-700" data-testid="in-cart">
              {inCart > 0 && (
                <>
                  {inCart} in your cart{allLeftInCart && (stockBinds(product) ? ": all that is left" : ": the most per order")} ·{" "}
                  <Link to="/cart" className="font-medium text-primary underline">
                    View cart
                  </Link>
                </>
              )}
            </p>
          </div>
          <h2 className="mt-6 text-base font-medium">About Product</h2>
          <ul className="ml-4 list-disc text-gray-600">
            {product.description.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          <ProductFacts product={product} />

          {product.inStock ? (
            // On a phone the actions stay at the bottom of the screen (app.css keeps room for them).
            <div className="bottom-actions fixed inset-x-0 bottom-0 z-20 flex items-center gap-3 border-t border-gray-200 bg-white px-4 text-base md:static md:mt-10 md:gap-4 md:border-0 md:px-0">
              <form method="post" action={cartFormAction(`${categoryPath}/${product.id}`)} className="w-full" onSubmit={addOne}>
                <input type="hidden" name="productId" value={product.id} />
                <button
                  type="submit"
                  name="intent"
                  value="add"
                  aria-disabled={allLeftInCart || undefined}
                  className="w-full bg-gray-100 py-3.5 font-medium text-gray-800 hover:bg-gray-200 aria-disabled:opacity-50"
                >
                  Add to Cart
                </button>
              </form>
              {/* Adds one (unless all in stock is in the cart), once an Add to Cart on its way has landed (a new document would cut it off). */}
              <form method="post" action={cartFormAction("/cart")} onSubmit={submitAfterCartSaved} className="w-full">
                <input type="hidden" name="productId" value={product.id} />
                {allLeftInCart && <input type="hidden" name="quantity" value={inCart} />}
                <button
                  type="submit"
                  name="intent"
                  value={allLeftInCart ? "set" : "add"}
                  className="w-full bg-primary py-3.5 font-medium text-white hover:bg-primary-dull"
                >
                  Buy now
                </button>
              </form>
            </div>
          ) : (
            <p className="mt-10 rounded bg-gray-100 py-3.5 text-center text-base font-medium text-gray-600">Currently out of stock</p>
          )}
        </div>
      </div>

      <section className="mt-20 flex flex-col items-center" aria-labelledby="related-title">
        <h2 id="related-title" className="text-2xl font-medium md:text-3xl">
          Related Products
        </h2>
        <div className="mt-6 w-full">
          {related.length > 0 ? <ProductGrid products={related} /> : <p className="text-center text-gray-600">No related products right now.</p>}
        </div>
        <Link to="/products" className="mt-10 rounded border border-primary px-12 py-2.5 text-primary-dull hover:bg-primary-soft">
          See more
        </Link>
      </section>
    </div>
  );
}

/** The top bar's promise repeated where the shopper decides. */
function DeliveryPromiseLine() {
  const delivery = useDeliveryTo();
  const location = useLocation();
  if (!delivery) return null;
  const { pincode, promise } = delivery;
  if (!pincode || !promise) {
    return (
      <p className="text-gray-600">
        <Link to={`/delivery?redirectTo=${encodeURIComponent(location.pathname)}`} className="text-primary underline">
          Enter your pincode
        </Link>{" "}
        to see when we can deliver.
      </p>
    );
  }
  return (
    <p data-testid="page-delivery-promise" className={refusesOrders(promise) ? "font-medium text-red-700" : "font-medium text-primary-dull"}>
      {promise.text}
      {!refusesOrders(promise) && <span className="font-normal text-gray-600"> to {pincode}</span>}
    </p>
  );
}

/** What the Legal Metrology rules ask a product page to declare (ADR 071); consumer care is the store's own contact. */
function ProductFacts({ product }: { product: ProductView }) {
  const store = useStorefront();
  const contact = store?.contact;
  const taxAdded = (store?.taxBasisPoints ?? 0) > 0;
  const facts = [
    ["Net quantity", product.weight || "N/A"],
    ["Unit sale price", unitSalePrice(product.offerPricePaise, product.weight)],
    // An MRP includes all taxes; while tax is added at checkout the list price is no MRP (shared/tax.ts).
    [listPriceName(store?.taxBasisPoints ?? 0), `${formatRupees(product.pricePaise)}${taxAdded ? "" : " inclusive of all taxes"}`],
    ["Country of origin", product.countryOfOrigin],
    ["Manufacturer or packer", product.manufacturer],
    ["Best before", product.shelfLife],
    ["Consumer care", contact && `${contact.legalName}, ${contact.office.replaceAll("\n", ", ")}. ${contact.phone}, ${contact.email}`],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <TitledSection titleId="product-facts" title="Product information" titleClassName="text-base font-medium" className="mt-4">
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-600">
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt className="font-medium text-gray-800">{term}</dt>
            <dd className="whitespace-pre-line">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </TitledSection>
  );
}
