import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ProductView } from "@worker/services/catalog";
import { CATEGORIES } from "@shared/categories";
import { imageUrl } from "@shared/images";
import { toast } from "~/lib/toast";

export type ProductFormResult = { ok: boolean; msg: string };

const SLOTS = 4;
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/**
 * Add or edit a product: four image slots with previews, and the product's fields. A real
 * multipart form; on success a new product form starts empty again.
 */
export function ProductForm({ product, submitLabel }: { product?: ProductView; submitLabel: string }) {
  const fetcher = useFetcher<ProductFormResult>();
  const form = useRef<HTMLFormElement>(null);
  const [previews, setPreviews] = useState<(string | null)[]>(Array(SLOTS).fill(null));
  const busy = fetcher.state !== "idle";

  // Each answer once: a new product's previews are cleared while rendering, the toast and the
  // form's reset (outside React) happen in the effect.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [handled, setHandled] = useState<ProductFormResult | undefined>(undefined);
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.ok && !product) setPreviews(Array(SLOTS).fill(null));
  }
  useEffect(() => {
    if (!answer) return;
    if (!answer.ok) return void toast.error(answer.msg);
    toast.success(answer.msg);
    if (!product) form.current?.reset();
  }, [answer, product]);

  return (
    <fetcher.Form ref={form} method="post" encType="multipart/form-data" className="max-w-lg space-y-5">
      <fieldset>
        <legend className="text-base font-medium">Product Image{product ? " (new pictures replace the current ones)" : ""}</legend>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {previews.map((preview, i) => (
            <label key={i} htmlFor={`image${i}`} className="cursor-pointer">
              <input
                id={`image${i}`}
                name="images"
                type="file"
                accept={ACCEPT}
                hidden
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  setPreviews((p) => p.map((old, j) => (j === i ? (file ? URL.createObjectURL(file) : null) : old)));
                }}
              />
              <span className="sr-only">Image {i + 1}</span>
              <img
                src={preview ?? (product?.images[i] ? imageUrl(product.images[i]) : "/upload-area.svg")}
                alt=""
                width={96}
                height={96}
                className="h-24 w-24 rounded border border-gray-300 object-contain"
              />
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="Product Name" name="name" defaultValue={product?.name} required maxLength={120} />
      <div className="flex flex-col gap-1">
        <label htmlFor="product-description" className="text-base font-medium">
          Product Description <span className="text-sm font-normal text-gray-500">(one point per line)</span>
        </label>
        <textarea
          id="product-description"
          name="description"
          rows={4}
          defaultValue={product?.description.join("\n")}
          className="resize-none rounded border border-gray-500/40 px-3 py-2.5 outline-none"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="product-category" className="text-base font-medium">
          Category
        </label>
        <select id="product-category" name="category" required defaultValue={product?.category ?? ""} className="rounded border border-gray-500/40 px-3 py-2.5 outline-none">
          <option value="" disabled>
            Select Category
          </option>
          {CATEGORIES.map((c) => (
            <option key={c.path} value={c.path}>
              {c.path}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap gap-5">
        <Field label="Product Price (₹)" name="price" type="number" min="0.01" step="0.01" required defaultValue={product ? product.pricePaise / 100 : undefined} />
        <Field label="Offer Price (₹)" name="offerPrice" type="number" min="0.01" step="0.01" required defaultValue={product ? product.offerPricePaise / 100 : undefined} />
      </div>
      <div className="flex flex-wrap gap-5">
        <Field label="Weight (optional)" name="weight" defaultValue={product?.weight ?? undefined} maxLength={40} placeholder="e.g. 500 g" />
        <Field label="Stock count (optional)" name="stock" type="number" min="0" step="1" defaultValue={product?.stock ?? undefined} placeholder="not counted" />
      </div>
      <button type="submit" disabled={busy} className="rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull disabled:opacity-70">
        {busy ? "Saving…" : submitLabel}
      </button>
    </fetcher.Form>
  );
}

function Field({ label, name, ...input }: { label: string; name: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex min-w-40 flex-1 flex-col gap-1">
      <label htmlFor={`product-${name}`} className="text-base font-medium">
        {label}
      </label>
      <input id={`product-${name}`} name={name} className="rounded border border-gray-500/40 px-3 py-2.5 outline-none" {...input} />
    </div>
  );
}
