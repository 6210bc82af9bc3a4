import { Form, useFetcher } from "react-router";
import { Link } from "~/components/Link";
import { answerFormPost, runAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { parseInput } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { listProducts, toProductView, type ProductView } from "@worker/services/catalog";
import { sellerProductFormInput } from "@worker/validation/product";
import { searchTextOfPage } from "@worker/validation/search";
import { deleteProduct, setInStock } from "@worker/services/product-admin";
import { imageUrl } from "@shared/images";
import { formatRupees } from "@shared/money";
import { useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/product-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const params = new URL(request.url).searchParams;
  const search = searchTextOfPage(params.get("q"));
  const page = await listProducts(worker.db, { stock: "any", newestFirst: true, search, cursor: params.get("cursor") ?? undefined, limit: 20 });
  return { search, products: page.products.map(toProductView), nextCursor: page.nextCursor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  return runAction(async () => {
    const change = parseInput(sellerProductFormInput, Object.fromEntries(await readForm(request)));
    if (change.intent === "delete") {
      await deleteProduct(worker, change.id);
      return answerFormPost(request, { ok: true, msg: "Product Deleted" });
    }
    const product = await setInStock(worker, { id: change.id, inStock: change.inStock === "true" });
    return answerFormPost(request, { ok: true, msg: product.inStock ? `${product.name} is in stock` : `${product.name} is out of stock` });
  });
}

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { products, search, nextCursor } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-medium">All Products</h1>
        <Form method="get" role="search" className="flex gap-2">
          <label htmlFor="seller-search" className="sr-only">
            Search products
          </label>
          <input id="seller-search" name="q" type="search" defaultValue={search} placeholder="Search products" className="rounded border border-gray-300 px-3 py-1.5" />
          <button type="submit" className="rounded bg-primary px-4 py-1.5 text-white">
            Search
          </button>
        </Form>
      </div>
      <div className="mt-6 overflow-x-auto rounded-md border border-gray-500/20 bg-white">
        <table className="w-full table-fixed text-left text-sm md:table-auto">
          <thead className="text-gray-900">
            <tr>
              <th className="px-3 py-3 font-semibold md:px-4">Product</th>
              <th className="hidden px-4 py-3 font-semibold md:table-cell">Category</th>
              <th className="hidden px-4 py-3 font-semibold sm:table-cell">Selling Price</th>
              <th className="px-3 py-3 font-semibold md:px-4">In Stock</th>
              <th className="w-24 px-3 py-3 font-semibold md:px-4">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="text-gray-600">
            {products.map((product) => (
              <ProductRow key={product.id} product={product} />
            ))}
          </tbody>
        </table>
        {products.length === 0 && <p className="p-6 text-gray-600">{search ? `No products match “${search}”.` : "No products yet."}</p>}
      </div>
      {nextCursor && (
        <Link to={`?${new URLSearchParams({ ...(search && { q: search }), cursor: nextCursor })}`} className="mt-6 inline-block text-primary hover:underline">
          Next page →
        </Link>
      )}
    </>
  );
}

function ProductRow({ product }: { product: ProductView }) {
  const stock = useFetcher<{ ok: boolean; msg: string }>();
  const remove = useFetcher<{ ok: boolean; msg: string }>();
  useActionToast(stock.state === "idle" ? stock.data : undefined);
  useActionToast(remove.state === "idle" ? remove.data : undefined);
  const shownInStock = stock.formData ? stock.formData.get("inStock") === "true" : product.inStock;

  return (
    <tr className="border-t border-gray-500/20">
      <td className="px-3 py-3 md:px-4">
        <div className="flex items-center gap-3">
          {product.images[0] && <img src={imageUrl(product.images[0])} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded border border-gray-300 object-contain p-1" />}
          <span className="truncate">
            {product.name}
            {product.stock !== null && <span className="block text-xs text-gray-500">{product.stock} left</span>}
          </span>
        </div>
      </td>
      <td className="hidden px-4 py-3 md:table-cell">{product.category}</td>
      <td className="hidden px-4 py-3 sm:table-cell">{formatRupees(product.offerPricePaise)}</td>
      <td className="px-3 py-3 md:px-4">
        <stock.Form method="post">
          <input type="hidden" name="intent" value="stock" />
          <input type="hidden" name="id" value={product.id} />
          <input type="hidden" name="inStock" value={String(!shownInStock)} />
          <button
            type="submit"
            role="switch"
            aria-checked={shownInStock}
            aria-label={`${product.name} in stock`}
            className={`relative h-7 w-12 rounded-full transition-colors ${shownInStock ? "bg-primary" : "bg-slate-300"}`}
          >
            <span className={`absolute left-1 top-1 h-5 w-5 rounded-full bg-white transition-transform ${shownInStock ? "translate-x-5" : ""}`} />
          </button>
        </stock.Form>
      </td>
      <td className="px-3 py-3 md:px-4">
        <div className="flex items-center gap-3">
          <Link to={`/seller/products/${product.id}/edit`} className="text-primary hover:underline" aria-label={`Edit ${product.name}`}>
            Edit
          </Link>
          <remove.Form
            method="post"
            onSubmit={(e) => {
              if (!confirm(`Delete ${product.name}? Past orders keep their copy.`)) e.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={product.id} />
            <button type="submit" className="text-red-600 hover:underline" aria-label={`Delete ${product.name}`}>
              Delete
            </button>
          </remove.Form>
        </div>
      </td>
    </tr>
  );
}
