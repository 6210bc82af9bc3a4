import { answerFormPost, runAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { getProduct } from "@worker/services/catalog";
import { saveProductForm } from "@worker/web/seller-forms";
import { ProductForm, type AddedProduct } from "~/components/seller/ProductForm";
import type { Route } from "./+types/add-product";
import { sellerPageMeta } from "~/lib/site";

export const meta: Route.MetaFunction = () => sellerPageMeta("Add Product", "A new product with its pictures, price and stock.");

/** Back from adding without JavaScript (`?added=`): the product just added, for the form's links to it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("added");
  const product = id ? await getProduct(fromContext(context).db, id) : undefined;
  return { added: product ? addedProduct(product) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  // The seller check (the layout's middleware) comes before the (possibly large) upload is read.
  return runAction(async () => {
    const product = await saveProductForm(request, worker);
    // Without JavaScript: back to an empty form by a redirect, so a reload cannot add it twice; the
    // address names the product, so the page links to it as the fetcher's answer does.
    return answerFormPost(request, { ok: true, msg: `Product Added: ${product.name}`, added: addedProduct(product) }, `/seller?added=${encodeURIComponent(product.id)}`);
  }, request);
}

const addedProduct = ({ id, name, category }: AddedProduct): AddedProduct => ({ id, name, category });

export default function AddProduct({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mb-6 text-2xl font-medium">Add Product</h1>
      <ProductForm submitLabel="ADD" added={loaderData.added} />
    </>
  );
}
