import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useNavigate, Link } from "react-router";
import type { ProductView } from "@worker/services/catalog";
import { formatTaxRate } from "@shared/tax";
import { DEFAULT_GST_RATE } from "@shared/gst";
import { CATEGORIES } from "@shared/categories";
import { IMAGE_MESSAGES } from "@shared/product-images";
import { saleStateText } from "@shared/sale-state";
import { refillFrom, type FormAnswer } from "~/lib/refill";
import { useHydrated } from "~/lib/use-hydrated";
import { toast } from "~/lib/toast";
import { Alert, useFieldError } from "~/lib/field-error";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import { hasPicture, ImageSlots, initialSlots, slotsChanged } from "./ImageSlots";
import { UnsavedChangesDialog } from "./UnsavedChangesDialog";
import { BusyButton } from "~/components/BusyButton";
import { OptionalLine } from "~/components/OptionalLine";
import { productPath } from "@shared/paths";

/** A product just added, for Add Product's links to it. */
export type AddedProduct = { id: string; name: string; category: string };

// A real multipart form: a fetcher with JavaScript (a toast; a new product's form starts empty again), else a plain post.
type Props = { product?: ProductView; gstRates: number[]; submitLabel: string; added?: AddedProduct | null };
export function ProductForm({ product, gstRates, submitLabel, added }: Props) {
  const fetcher = useFetcher<FormAnswer & { addedId?: string }>();
  const posted = useActionData<FormAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const [slots, setSlots] = useState(() => initialSlots(product?.images));
  const [slotsError, setSlotsError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const hydrated = useHydrated();
  const shown = refillFrom(posted);

  // Each answer once: after a save the slots start again from the saved pictures (while rendering); the toast and the
  // form's reset (outside React) in the effect. A fetcher's refusal shows until the next save, else a no-JS post's answer.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const shownAnswer = answer && !answer.ok ? answer : posted;
  const refusal = shownAnswer && !shownAnswer.ok ? shownAnswer : undefined;
  // A picture's refusal is said at its slot (`image<i>`), not among the fields.
  const pictureSlot = refusal ? slotOfField(refusal.field) : null;
  const { general, refused, fieldProps, errorFor } = useFieldError(pictureSlot === null ? refusal : undefined, "product", PRODUCT_FIELDS);
  const field = (name: string, stored?: string | number | null) => ({
    name,
    defaultValue: shown(name, stored ?? undefined),
    ...fieldProps(name),
    error: errorFor(name),
  });
  const [handled, setHandled] = useState<FormAnswer | undefined>(undefined);
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.ok) setSlots(initialSlots(product?.images));
    else if (pictureSlot !== null) setSlots((current) => current.map((slot, position) => (position === pictureSlot ? { ...slot, error: answer.msg } : slot)));
  }
  // A product added goes into the page's address (as the no-JS redirect puts it): its links survive Back and reload.
  const navigate = useNavigate();
  useEffect(() => {
    if (answer && !answer.ok && answer.field) form.current?.querySelector<HTMLInputElement>(`input[type=file][name="${answer.field}"]`)?.focus();
    if (!answer?.ok) return;
    toast.success(answer.msg);
    form.current?.reset();
    if (answer.addedId) void navigate(`?${new URLSearchParams({ added: answer.addedId })}`, { replace: true, preventScrollReset: true });
  }, [answer, navigate]);
  const { blocker, asking, keepEditing } = useUnsavedChanges(form, { otherChanges: slotsChanged(slots, product?.images), saving: busy });
  const lostPictures = picturesLost(refusal === posted ? refusal : undefined, pictureSlot !== null, !product);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      // Hydrated, the server checks every field at once; the browser's own checks would stop at the first.
      noValidate={hydrated}
      className="max-w-lg space-y-5"
      onSubmit={(e) => {
        if (hasPicture(slots)) return setSlotsError(null);
        e.preventDefault();
        setSlotsError(IMAGE_MESSAGES.required);
        form.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
      }}
    >
      {/* Several fields refused at once, summed up at the top (one alone is said under its field only). */}
      {refused.length > 1 && (
        <div id="product-problems" className="rounded-md border border-red-600/40 bg-red-50 px-3 py-2 text-red-700">
          <p className="font-medium">{refused.length} problems to fix:</p>
          <ul className="list-disc pl-5">
            {refused.map(({ field, msg }) => (
              <li key={field}>{msg}</li>
            ))}
          </ul>
        </div>
      )}
      <ImageSlots slots={slots} setSlots={setSlots} error={slotsError ?? lostPictures} />
      <Field label="Product Name" required maxLength={120} {...field("name", product?.name)} />
      <div className="flex flex-col gap-1">
        <label htmlFor="product-description" className="text-base font-medium">
          Product Description <span className="text-sm font-normal text-gray-500">(one point per line)</span>
        </label>
        <textarea
          id="product-description"
          name="description"
          rows={4}
          defaultValue={shown("description", product?.description.join("\n"))}
          {...fieldProps("description")}
          className={`resize-none rounded border border-gray-500/40 px-3 py-2.5 outline-none ${INVALID}`}
        />
        {errorFor("description")}
      </div>
      <Field label="Category" name="category" error={errorFor("category")}>
        {/* Keyed by the saved category: React does not carry a new defaultValue to a select's options (ADR 055). */}
        <select
          key={product?.category}
          id="product-category"
          name="category"
          required
          defaultValue={shown("category", product?.category ?? "")}
          {...fieldProps("category")}
          className={`rounded border border-gray-500/40 px-3 py-2.5 outline-none ${INVALID}`}
        >
          <option value="" disabled>
            Select Category
          </option>
          {CATEGORIES.map((c) => (
            <option key={c.path} value={c.path}>
              {c.path}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex flex-wrap gap-5">
        {(["price", "offerPrice"] as const).map((name) => (
          <Field
            key={name}
            label={name === "price" ? "Product Price (₹)" : "Offer Price (₹)"}
            type="number"
            min="0.01"
            step="0.01"
            required
            {...field(name, product && product[`${name}Paise`] / 100)}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-5">
        <Field label="Net quantity" maxLength={40} placeholder="e.g. 500 g, 1 L, 6 pieces" {...field("weight", product?.weight)} />
        <Field label="Stock count (optional)" type="number" min="0" step="1" placeholder="not counted" {...field("stock", product?.stock)} />
        <Field
          label="Most per order (optional)"
          type="number"
          min="1"
          max="99"
          step="1"
          placeholder="no limit"
          {...field("maxPerOrder", product?.maxPerOrder)}
        />
        {/* The count shown: the server refuses a change made over a count that moved since. */}
        {product && <input type="hidden" name="stockSeen" value={product.stock ?? ""} readOnly />}
        {product && (
          <p className="w-full text-sm text-gray-600" data-testid="sale-state">
            Now: {saleStateText(product)}
          </p>
        )}
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-base font-medium">Declarations</legend>
        <p className="text-sm text-gray-600">What the Legal Metrology rules ask a product page to show; consumer care is the store&apos;s contact.</p>
        <div className="flex flex-wrap gap-5">
          {DECLARATIONS.map(([name, label, placeholder]) => (
            <Field key={name} label={label} placeholder={placeholder} {...field(name, product?.[name])} />
          ))}
        </div>
        <label htmlFor="product-manufacturer" className="text-sm font-medium">
          Manufacturer, packer or importer
        </label>
        <textarea
          id="product-manufacturer"
          name="manufacturer"
          rows={3}
          maxLength={300}
          placeholder={"The name on the first line, then the address"}
          defaultValue={shown("manufacturer", product?.manufacturer ?? undefined)}
          {...fieldProps("manufacturer")}
          className={`w-full max-w-md resize-none rounded border border-gray-500/40 px-3 py-2.5 outline-none ${INVALID}`}
        />
        {errorFor("manufacturer")}
      </fieldset>
      <fieldset className="flex flex-wrap gap-5">
        <legend className="mb-1 text-base font-medium">GST (for the invoice when prices include GST)</legend>
        <Field label="GST rate" name="gstRate" error={errorFor("gstRate")}>
          <select
            key={product?.gstRate}
            id="product-gstRate"
            name="gstRate"
            defaultValue={shown("gstRate", (product?.gstRate ?? DEFAULT_GST_RATE) / 100)}
            {...fieldProps("gstRate")}
            className={`rounded border border-gray-500/40 px-3 py-2.5 outline-none ${INVALID}`}
          >
            {[...new Set([...gstRates, product?.gstRate ?? DEFAULT_GST_RATE])].map((rate) => (
              <option key={rate} value={rate / 100}>
                {formatTaxRate(rate)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="HSN code" inputMode="numeric" maxLength={8} placeholder="e.g. 0803" {...field("hsn", product?.hsn)} />
      </fieldset>
      <BusyButton busy={busy} className="rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull">
        {busy ? "Saving…" : submitLabel}
      </BusyButton>
      {/* Not a toast: it would fade, and cover the button on a phone. */}
      <OptionalLine role="status" className="text-primary" text={shownAnswer?.ok && shownAnswer.msg} />
      <Alert className="text-red-700" message={general} />
      {/* After Add Product: where the product just added is, to check it in the shop or finish it later. */}
      {added && (
        <p className="rounded-md bg-primary-soft px-3 py-2 text-sm" data-testid="added-product">
          Added <strong>{added.name}</strong>.{" "}
          <Link to={`/seller/products/${encodeURIComponent(added.id)}/edit`} className="text-primary-dull underline">
            Edit it
          </Link>{" "}
          ·{" "}
          <Link to={productPath(added)} className="text-primary-dull underline">
            See it in the shop
          </Link>
        </p>
      )}
      <UnsavedChangesDialog blocker={blocker} asking={asking} onKeepEditing={keepEditing} unsaved="this product" />
    </fetcher.Form>
  );
}

/** Without JavaScript file inputs come back empty: a refused picture is said above the slots, with a request to choose again. */
function picturesLost(refusal: FormAnswer | undefined, aboutAPicture: boolean, newProduct: boolean): string | null {
  if (!refusal || refusal.ok || !(aboutAPicture || newProduct)) return null;
  return `${aboutAPicture ? `${refusal.msg}. ` : ""}Choose the pictures again: a form sent back cannot keep them.`;
}

function slotOfField(field: string | undefined): number | null {
  const slot = /^image(\d)$/.exec(field ?? "");
  return slot ? Number(slot[1]) : null;
}

/** In the form's order: the first refused field takes the focus. */
const DECLARATIONS = [
  ["countryOfOrigin", "Country of origin", "India"],
  ["shelfLife", "Best before", "e.g. 6 months from packing"],
] as const;
const PRODUCT_FIELDS = [
  ...["name", "description", "category", "price", "offerPrice", "weight", "stock", "maxPerOrder"],
  ...["countryOfOrigin", "shelfLife", "manufacturer", "gstRate", "hsn"],
];
const INVALID = "aria-invalid:border-red-600";

type FieldProps = { label: string; name: string; error: React.ReactNode; children?: React.ReactNode } & React.InputHTMLAttributes<HTMLInputElement>;
/** A labelled field: an input, or the control given as `children`. */
function Field({ label, name, error, children, ...input }: FieldProps) {
  return (
    <div className="flex min-w-40 flex-1 flex-col gap-1">
      <label htmlFor={`product-${name}`} className="text-base font-medium">
        {label}
      </label>
      {children ?? <input id={`product-${name}`} name={name} className={`rounded border border-gray-500/40 px-3 py-2.5 outline-none ${INVALID}`} {...input} />}
      {error}
    </div>
  );
}
