import { data, type ShouldRevalidateFunctionArgs, Link } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { toProductView } from "@worker/services/catalog";
import { saveProductForm } from "@worker/web/seller-forms";
import { productForm } from "@worker/services/product-admin";
import { ProductForm } from "~/components/seller/ProductForm";
import type { Route } from "./+types/edit-product";
import { sellerPageMeta } from "~/lib/site";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  sellerPageMeta(loaderData ? `Edit ${loaderData.product.name}` : "Edit product", "A product's pictures, price and stock.");

export async function loader({ context, params }: Route.LoaderArgs) {
  const { product, gstRates } = await productForm(fromContext(context).db, params.id);
  if (!product) throw data("Product not found", { status: 404 });
  return { product: toProductView(product), gstRates };
}

/** A refused save leaves the data alone, except a stock count that moved (409): re-read, so saving again writes over it on purpose. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answerForm(request, async () => ({ msg: `Saved ${(await saveProductForm(request, fromContext(context), params.id)).name}` }));
}

export default function EditProduct({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Link to="/seller/product-list" className="text-sm text-primary hover:underline">
        ← Product List
      </Link>
      <h1 className="mb-6 mt-2 text-2xl font-medium">Edit {loaderData.product.name}</h1>
      <ProductForm key={loaderData.product.id} product={loaderData.product} gstRates={loaderData.gstRates} submitLabel="SAVE" />
    </>
  );
}
