import { runAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { requireSellerPage } from "@worker/web/guards";
import { saveProductForm } from "@worker/web/seller-forms";
import { ProductForm } from "~/components/seller/ProductForm";
import type { Route } from "./+types/add-product";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSellerPage(request, fromContext(context));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  // The seller check comes before the (possibly large) upload is read.
  await requireSellerPage(request, worker);
  return runAction(async () => {
    const product = await saveProductForm(request, worker);
    return { ok: true, msg: `Product Added: ${product.name}` };
  });
}

export default function AddProduct() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-medium">Add Product</h1>
      <ProductForm submitLabel="ADD" />
    </>
  );
}
