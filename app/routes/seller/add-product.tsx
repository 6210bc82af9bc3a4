import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { saveProductForm } from "@worker/web/seller-forms";
import { productForm } from "@worker/services/product-admin";
import { ProductForm, type AddedProduct } from "~/components/seller/ProductForm";
import type { Route } from "./+types/add-product";
import { sellerPageMeta } from "~/lib/site";

export const meta: Route.MetaFunction = () => sellerPageMeta("Add Product", "A new product with its pictures, price and stock.");

/** The product just added (`?added=`), for the form's links to it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { product, gstRates } = await productForm(fromContext(context).db, new URL(request.url).searchParams.get("added") ?? undefined);
  return { added: product ? ({ id: product.id, name: product.name, category: product.category } satisfies AddedProduct) : null, gstRates };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The seller check (the layout's middleware) comes before the (possibly large) upload is read.
  const addProduct = async () => {
    const product = await saveProductForm(request, fromContext(context));
    return { msg: `Product Added: ${product.name}`, addedId: product.id };
  };
  return answerForm(request, addProduct, { redirectTo: ({ addedId }) => `/seller?${new URLSearchParams({ added: addedId })}` });
}

export default function AddProduct({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mb-6 text-2xl font-medium">Add Product</h1>
      <ProductForm submitLabel="ADD" added={loaderData.added} gstRates={loaderData.gstRates} />
    </>
  );
}
