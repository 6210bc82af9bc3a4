import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useNavigate, Link } from "react-router";
import type { ProductView } from "@worker/services/catalog";
import { CATEGORIES } from "@shared/categories";
import { IMAGE_MESSAGES } from "@shared/product-images";
import { refillFrom, type FormAnswer } from "~/lib/refill";
import { useHydrated } from "~/lib/use-hydrated";
import { toast } from "~/lib/toast";
import { useFieldError } from "~/lib/field-error";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import { hasPicture, ImageSlots, initialSlots, slotsChanged } from "./ImageSlots";
import { UnsavedChangesDialog } from "./UnsavedChangesDialog";
import { BusyButton } from "~/components/BusyButton";
import { productPath } from "@shared/paths";

/** A product just added, for Add Product's links to it: its edit page and its page in the shop. */
export type AddedProduct = { id: string; name: string; category: string };

/**
 * Add or edit a product: up to four picture slots (components/seller/ImageSlots.tsx) and the
 * product's fields. A real multipart form: with JavaScript it posts through a fetcher and answers
 * a save with a toast (a new product's form starts empty again); without, the browser posts it and
 * the page shows the answer. A refusal shows every field's problem at once, each under its field
 * and all of them at the top, and focuses the first (useFieldError); one about no field is beside
 * the button. With JavaScript, leaving the page with changes not saved asks first
 * (useUnsavedChanges). A product added is named in the page's address (`?added=`), with or
 * without JavaScript, and the page gives it back as `added`.
 */
export function ProductForm({ product, submitLabel, added }: { product?: ProductView; submitLabel: string; added?: AddedProduct | null }) {
  const fetcher = useFetcher<FormAnswer & { addedId?: string }>();
  const posted = useActionData<FormAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const [slots, setSlots] = useState(() => initialSlots(product?.images));
  const [slotsError, setSlotsError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const hydrated = useHydrated();
  // Refused without JavaScript, the page comes back with what was typed (the pictures must be chosen again).
  const shown = refillFrom(posted);

  // Each answer once. After a save the slots start again from the saved pictures (none for a new
  // product; the fetcher is idle only once the page's data was read again), while rendering; the
  // toast and the form's reset (outside React: the chosen files, a new product's fields) happen
  // in the effect.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // A fetcher's refusal until the next save, or what a post without JavaScript answered: each
  // reason under its field, else beside the button.
  const shownAnswer = answer && !answer.ok ? answer : posted;
  const refusal = shownAnswer && !shownAnswer.ok ? shownAnswer : undefined;
  // A picture's refusal is about its slot (`image<i>`): said there, not among the fields.
  const pictureSlot = refusal ? slotOfField(refusal.field) : null;
  const { general, refused, fieldProps, errorFor } = useFieldError(pictureSlot === null ? refusal : undefined, "product", PRODUCT_FIELDS);
  const [handled, setHandled] = useState<FormAnswer | undefined>(undefined);
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.ok) setSlots(initialSlots(product?.images));
    else if (pictureSlot !== null) setSlots((current) => current.map((slot, position) => (position === pictureSlot ? { ...slot, error: answer.msg } : slot)));
  }
  // With JavaScript the refused picture's slot is marked and takes the focus, as a file the form refuses itself.
  useEffect(() => {
    if (answer && !answer.ok && answer.field) form.current?.querySelector<HTMLInputElement>(`input[type=file][name="${answer.field}"]`)?.focus();
  }, [answer]);
  // A product added: its id goes into the page's address (as the redirect without JavaScript puts
  // it), so the page's links to it stay when the seller comes Back, or reloads.
  // (navigate is stable in a data router: this effect runs once per answer.)
  const navigate = useNavigate();
  useEffect(() => {
    if (!answer) return;
    if (!answer.ok) return;
    toast.success(answer.msg);
    form.current?.reset();
    if (answer.addedId) void navigate(`?${new URLSearchParams({ added: answer.addedId })}`, { replace: true, preventScrollReset: true });
  }, [answer, navigate]);
  // A save resets the fields and the slots, so it is no longer a change; a refusal keeps them, and asks.
  const { blocker, asking, keepEditing } = useUnsavedChanges(form, { otherChanges: slotsChanged(slots, product?.images), saving: busy });

  return (
    <fetcher.Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      // Once it runs JavaScript the server checks every field at once (a refusal names them all);
      // the browser's own checks would stop at the first, one problem per save. Without it they help.
      noValidate={hydrated}
      className="max-w-lg space-y-5"
      onSubmit={(e) => {
        // The server checks this too; here the seller learns it without a round trip.
        if (hasPicture(slots)) return setSlotsError(null);
        e.preventDefault();
        setSlotsError(IMAGE_MESSAGES.required);
        form.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
      }}
    >
      <ProblemSummary problems={refused} />
      <ImageSlots
        slots={slots}
        setSlots={setSlots}
        error={slotsError ?? picturesLost(refusal === posted ? refusal : undefined, pictureSlot !== null, !product)}
      />
      <Field
        label="Product Name"
        name="name"
        defaultValue={shown("name", product?.name)}
        required
        maxLength={120}
        {...fieldProps("name")}
        error={errorFor("name")}
      />
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
      <div className="flex flex-col gap-1">
        <label htmlFor="product-category" className="text-base font-medium">
          Category
        </label>
        {/* Keyed by the saved category: React does not carry a new defaultValue to a select's options, so after a save that changed it the reset would show the old one, and a second save post it (ADR 055). */}
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
        {errorFor("category")}
      </div>
      <div className="flex flex-wrap gap-5">
        <Field
          label="Product Price (₹)"
          name="price"
          type="number"
          min="0.01"
          step="0.01"
          required
          defaultValue={shown("price", product ? product.pricePaise / 100 : undefined)}
          {...fieldProps("price")}
          error={errorFor("price")}
        />
        <Field
          label="Offer Price (₹)"
          name="offerPrice"
          type="number"
          min="0.01"
          step="0.01"
          required
          defaultValue={shown("offerPrice", product ? product.offerPricePaise / 100 : undefined)}
          {...fieldProps("offerPrice")}
          error={errorFor("offerPrice")}
        />
      </div>
      <div className="flex flex-wrap gap-5">
        <Field
          label="Weight (optional)"
          name="weight"
          defaultValue={shown("weight", product?.weight ?? undefined)}
          maxLength={40}
          placeholder="e.g. 500 g"
          {...fieldProps("weight")}
          error={errorFor("weight")}
        />
        <Field
          label="Stock count (optional)"
          name="stock"
          type="number"
          min="0"
          step="1"
          defaultValue={shown("stock", product?.stock ?? undefined)}
          placeholder="not counted"
          {...fieldProps("stock")}
          error={errorFor("stock")}
        />
        {/* The count shown: the server keeps what orders left if the seller does not change it, and refuses a change made over a count that moved. */}
        {product && <input type="hidden" name="stockSeen" value={product.stock ?? ""} readOnly />}
      </div>
      <BusyButton busy={busy} className="rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull">
        {busy ? "Saving…" : submitLabel}
      </BusyButton>
      {/* Not a toast for a refusal: it would fade, and cover the button on a phone. */}
      {shownAnswer?.ok && (
        <p role="status" className="text-primary">
          {shownAnswer.msg}
        </p>
      )}
      {general && (
        <p role="alert" className="text-red-700">
          {general}
        </p>
      )}
      <AddedLinks product={added} />
      {/* Rendered only while asking; its buttons are plain buttons, not the form's. */}
      <UnsavedChangesDialog blocker={blocker} asking={asking} onKeepEditing={keepEditing} unsaved="this product" />
    </fetcher.Form>
  );
}

/**
 * After Add Product (the form starts empty again for the next one): where the product just added
 * is, to check it in the shop or finish it later.
 */
function AddedLinks({ product }: { product: AddedProduct | null | undefined }) {
  if (!product) return null;
  return (
    <p className="rounded-md bg-primary-soft px-3 py-2 text-sm" data-testid="added-product">
      Added <strong>{product.name}</strong>.{" "}
      <Link to={`/seller/products/${encodeURIComponent(product.id)}/edit`} className="text-primary-dull underline">
        Edit it
      </Link>{" "}
      ·{" "}
      <Link to={productPath(product)} className="text-primary-dull underline">
        See it in the shop
      </Link>
    </p>
  );
}

/**
 * Several fields refused at once: how many, and each reason, at the top of the form (each is also
 * under its field, and the first field has the focus). One alone is said under its field only.
 */
function ProblemSummary({ problems }: { problems: readonly { field: string; msg: string }[] }) {
  if (problems.length < 2) return null;
  return (
    <div id="product-problems" className="rounded-md border border-red-600/40 bg-red-50 px-3 py-2 text-red-700">
      <p className="font-medium">{problems.length} problems to fix:</p>
      <ul className="list-disc pl-5">
        {problems.map(({ field, msg }) => (
          <li key={field}>{msg}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Refused without JavaScript, the page comes back with its slots empty (a browser cannot refill a
 * file input): a refused picture is said above them, and that the pictures must be chosen again,
 * as they always must on Add Product.
 */
function picturesLost(refusal: FormAnswer | undefined, aboutAPicture: boolean, newProduct: boolean): string | null {
  if (!refusal || refusal.ok || !(aboutAPicture || newProduct)) return null;
  return `${aboutAPicture ? `${refusal.msg}. ` : ""}Choose the pictures again: a form sent back cannot keep them.`;
}

/** The slot (0-based) a refusal's field names, `image<i>` as the slots post their files; null for any other field. */
function slotOfField(field: string | undefined): number | null {
  const slot = /^image(\d)$/.exec(field ?? "");
  return slot ? Number(slot[1]) : null;
}

/** In the form's order: the first refused field takes the focus. */
const PRODUCT_FIELDS = ["name", "description", "category", "price", "offerPrice", "weight", "stock"];
const INVALID = "aria-invalid:border-red-600";

function Field({ label, name, error, ...input }: { label: string; name: string; error: React.ReactNode } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex min-w-40 flex-1 flex-col gap-1">
      <label htmlFor={`product-${name}`} className="text-base font-medium">
        {label}
      </label>
      <input id={`product-${name}`} name={name} className={`rounded border border-gray-500/40 px-3 py-2.5 outline-none ${INVALID}`} {...input} />
      {error}
    </div>
  );
}
