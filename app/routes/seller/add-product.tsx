import { answerFormPost, runAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { saveProductForm } from "@worker/web/seller-forms";
import { ProductForm } from "~/components/seller/ProductForm";
import type { Route } from "./+types/add-product";
import { sellerPageMeta } from "~/lib/site";

export const meta: Route.MetaFunction = () => sellerPageMeta("Add Product", "A new product with its pictures, price and stock.");

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  // The seller check (the layout's middleware) comes before the (possibly large) upload is read.
  return runAction(async () => {
    const product = await saveProductForm(request, worker);
    // Without JavaScript: back to an empty form by a redirect, so a reload cannot add it twice.
    return answerFormPost(request, { ok: true, msg: `Product Added: ${product.name}` });
  }, request);
}

export default function AddProduct() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-medium">Add Product</h1>
      <ProductForm submitLabel="ADD" />
    </>
  );
}
