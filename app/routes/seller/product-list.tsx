import { useCallback, useEffect, useRef, useState } from "react";
import { Form, useFetcher, useSearchParams, Link } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { loadListing } from "@worker/web/loader-result";
import { parseInput } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { listProducts, toProductView, type ProductView } from "@worker/services/catalog";
import { sellerProductFormInput } from "@worker/validation/product";
import { searchTextOfPage } from "@worker/validation/search";
import { deleteProduct, setInStock } from "@worker/services/product-admin";
import { bulkStockMessage, setStockInBulk } from "@worker/services/bulk-stock";
import { bulkStockFields } from "@worker/web/seller-forms";
import { Thumbnail } from "~/components/Thumbnail";
import { formatRupees } from "@shared/money";
import { saleStateText } from "@shared/sale-state";
import { DELETE_FETCHER, DeleteProduct } from "~/components/seller/DeleteProduct";
import { ExportCsv } from "~/components/seller/ExportCsv";
import { useActionToast } from "~/lib/use-action-toast";
import type { FormAnswer } from "~/lib/refill";
import { useFieldError } from "~/lib/field-error";
import { useHydrated } from "~/lib/use-hydrated";
import { rescueFocusOnItems } from "~/lib/focus-rescue";
import type { Route } from "./+types/product-list";
import { sellerPageMeta } from "~/lib/site";
import { BusyButton } from "~/components/BusyButton";

export const meta: Route.MetaFunction = () => sellerPageMeta("Products", "Every product, its stock and whether shoppers see it.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = searchTextOfPage(params.get("q"));
  const page = await loadListing(request, () =>
    listProducts(fromContext(context).db, { stock: "any", newestFirst: true, search, cursor: params.get("cursor") ?? undefined, limit: 20 }),
  );
  // `?delete=<id>`: the Delete button's answer without JavaScript.
  return { search, products: page.products.map(toProductView), nextCursor: page.nextCursor, confirmDelete: params.get("delete") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  const applyChange = async () => {
    const form = await readForm(request);
    if (form.get("intent") === "bulk") return { msg: bulkStockMessage(await setStockInBulk(worker.db, bulkStockFields(form))) };
    const change = parseInput(sellerProductFormInput, Object.fromEntries(form));
    if (change.intent === "delete") {
      await deleteProduct(worker.db, change.id);
      return { msg: "Product Deleted" };
    }
    const product = await setInStock(worker.db, { id: change.id, inStock: change.inStock === "true" });
    return { msg: product.inStock ? `${product.name} is in stock` : `${product.name} is out of stock` };
  };
  return answerForm(request, applyChange, { refusal: {} });
}

const BULK_FORM = "bulk-stock";

/** A table, restyled as cards below `md`; ticked rows' checkboxes belong to the bulk form through `form=` (works without JavaScript). */
export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { products, search, nextCursor, confirmDelete } = loaderData;
  const removal = useFetcher<FormAnswer>({ key: DELETE_FETCHER });
  useActionToast(removal.state === "idle" ? removal.data : undefined);
  const pageIds = products.map((p) => p.id);
  const cursor = useSearchParams()[0].get("cursor");
  // This page of the list: where a row's delete posts and Keep returns.
  const listAddress = `?${new URLSearchParams({ ...(search && { q: search }), ...(cursor && { cursor }) })}`;
  // A selection belongs to the list it was made on: another search or page starts with nothing ticked (issue 40).
  const [selection, setSelection] = useState({ list: listAddress, ids: new Set<string>() as ReadonlySet<string> });
  if (selection.list !== listAddress) setSelection({ list: listAddress, ids: new Set() }); // even coming back to it
  const selected = selection.list === listAddress ? selection.ids : new Set<string>();
  const setSelected = (ids: ReadonlySet<string>) => setSelection({ list: listAddress, ids });
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someSelected = !allSelected && pageIds.some((id) => selected.has(id));

  const clearSelection = useCallback(() => setSelection((current) => ({ ...current, ids: new Set() })), [setSelection]);
  const toggle = (id: string, on: boolean) => setSelected(new Set(on ? [...selected, id] : [...selected].filter((other) => other !== id)));

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-medium">All Products</h1>
        <Form method="get" role="search" className="flex w-full gap-2 sm:w-auto">
          <label htmlFor="seller-search" className="sr-only">
            Search products
          </label>
          <input
            id="seller-search"
            name="q"
            type="search"
            defaultValue={search}
            placeholder="Search products"
            className="min-w-0 flex-1 rounded border border-gray-300 px-3 py-1.5"
          />
          <button type="submit" className="shrink-0 rounded bg-primary px-4 py-1.5 text-white">
            Search
          </button>
        </Form>
      </div>
      <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <ExportCsv className="inline-block py-1 text-primary hover:underline" />
        <Link to="/seller/products/import" className="inline-block py-1 text-primary hover:underline">
          Import CSV
        </Link>
      </div>

      <BulkStockForm pageIds={pageIds} selectedCount={selected.size} onDone={clearSelection} />

      {/* It scrolls sideways on a narrow screen, clipping what hangs below: room for a row's delete question. */}
      <div className="mt-4 rounded-md border border-gray-500/20 bg-white md:overflow-x-auto md:has-[[data-delete-question]]:pb-40">
        <table className="w-full text-left text-sm max-md:block">
          <thead className="text-gray-900 max-md:block">
            <tr className="max-md:flex max-md:items-center max-md:px-3 max-md:py-2">
              <th className="w-10 px-3 py-3 max-md:w-auto max-md:p-0">
                <label className="flex items-center gap-2 font-normal">
                  <input
                    ref={(box) => {
                      if (box) box.indeterminate = someSelected;
                    }}
                    type="checkbox"
                    name="allOnPage"
                    value="1"
                    form={BULK_FORM}
                    checked={allSelected}
                    onChange={(e) => setSelected(e.target.checked ? new Set(pageIds) : new Set())}
                    className="h-6 w-6"
                  />
                  <span className="md:sr-only">Select all on this page</span>
                </label>
              </th>
              <th className="px-3 py-3 font-semibold max-md:hidden md:px-4">Product</th>
              <th className="px-4 py-3 font-semibold max-md:hidden">Category</th>
              <th className="px-4 py-3 font-semibold max-md:hidden">Selling Price</th>
              <th className="px-3 py-3 font-semibold max-md:hidden md:px-4">In Stock</th>
              <th className="w-24 px-3 py-3 font-semibold max-md:hidden md:px-4">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody ref={rescueFocusOnItems} className="text-gray-600 max-md:block">
            {products.map((product) => (
              <ProductRow
                key={product.id}
                product={product}
                selected={selected.has(product.id)}
                onSelect={(on) => toggle(product.id, on)}
                listAddress={listAddress}
                askedToDelete={confirmDelete === product.id}
              />
            ))}
          </tbody>
        </table>
        {products.length === 0 && <p className="p-6 text-gray-600">{search ? `No products match “${search}”.` : "No products yet."}</p>}
      </div>
      {(cursor || nextCursor) && (
        <nav aria-label="Pages" className="mt-6 flex gap-6">
          {/* Keyset pages (newest first): the way back is to the first page. */}
          {cursor && (
            <Link to={`?${new URLSearchParams(search ? { q: search } : {})}`} className="text-primary hover:underline">
              ← First page
            </Link>
          )}
          {nextCursor && (
            <Link to={`?${new URLSearchParams({ ...(search && { q: search }), cursor: nextCursor })}`} className="text-primary hover:underline">
              Next page →
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

/** Hydrated, its controls show only while products are ticked (a phone's first screen shows the list); without JavaScript, always. */
function BulkStockForm({ pageIds, selectedCount, onDone }: { pageIds: string[]; selectedCount: number; onDone: () => void }) {
  const bulk = useFetcher<FormAnswer>();
  const answer = bulk.state === "idle" ? bulk.data : undefined;
  // A refused count is said under the count (ADR 047); anything else in a toast.
  const refusal = answer && !answer.ok ? answer : undefined;
  const { fieldProps, errorFor } = useFieldError(refusal, "bulk", ["count"]);
  useActionToast(refusal?.field === "count" ? undefined : answer);
  // Done, the form goes with the selection: the focus goes to the line that says so.
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!answer?.ok) return;
    onDone();
    status.current?.focus();
  }, [answer, onDone]);
  const [set, setSet] = useState("in-stock");
  const hydrated = useHydrated();
  const nothingTicked = hydrated && selectedCount === 0;

  return (
    <div className="mt-4 rounded-md border border-gray-500/20 bg-gray-50 p-3 text-sm">
      <p ref={status} tabIndex={-1} className={nothingTicked ? "text-gray-600" : "font-medium text-gray-900"} aria-live="polite">
        {nothingTicked
          ? "Tick products to change their stock together."
          : `Change stock of the selected products${selectedCount > 0 ? ` (${selectedCount} selected)` : ""}`}
      </p>
      {!nothingTicked && (
        <bulk.Form id={BULK_FORM} method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="bulk" />
          {pageIds.map((id) => (
            <input key={id} type="hidden" name="pageIds" value={id} />
          ))}
          <div className="flex flex-col gap-1">
            <label htmlFor="bulk-set">Set to</label>
            <select
              id="bulk-set"
              name="set"
              value={set}
              onChange={(e) => setSet(e.target.value)}
              className="rounded border border-gray-300 bg-white px-2 py-1.5"
            >
              <option value="in-stock">In stock</option>
              <option value="out-of-stock">Out of stock</option>
              <option value="count">Stock count</option>
            </select>
          </div>
          {(!hydrated || set === "count") && (
            <div className="flex flex-col gap-1">
              <label htmlFor="bulk-count">Count (for Stock count)</label>
              <input
                id="bulk-count"
                name="count"
                type="number"
                min="0"
                step="1"
                inputMode="numeric"
                {...fieldProps("count")}
                className="w-32 rounded border border-gray-300 bg-white px-2 py-1.5 aria-invalid:border-red-600"
              />
              {errorFor("count")}
            </div>
          )}
          <BusyButton busy={bulk.state !== "idle"} className="rounded bg-primary px-4 py-1.5 text-white">
            Apply to selected
          </BusyButton>
        </bulk.Form>
      )}
    </div>
  );
}

type RowProps = { product: ProductView; selected: boolean; onSelect: (on: boolean) => void; listAddress: string; askedToDelete: boolean };
/** `listAddress`: where the delete form posts and Keep goes back to; `askedToDelete`: without JavaScript, Delete reloads the list asking this row to confirm. */
function ProductRow({ product, selected, onSelect, listAddress, askedToDelete }: RowProps) {
  const stock = useFetcher<FormAnswer>();
  useActionToast(stock.state === "idle" ? stock.data : undefined);
  const shownInStock = stock.formData ? stock.formData.get("inStock") === "true" : product.inStock;

  return (
    <tr className="border-t border-gray-500/20 max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-y-2 max-md:px-3 max-md:py-3">
      <td className="px-3 py-3 max-md:w-10 max-md:p-0">
        <input
          type="checkbox"
          name="ids"
          value={product.id}
          form={BULK_FORM}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={`Select ${product.name}`}
          className="h-6 w-6"
        />
      </td>
      <td className="px-3 py-3 max-md:w-[calc(100%-2.5rem)] max-md:p-0 md:px-4">
        <div className="flex items-center gap-3">
          <Thumbnail image={product.images[0]} size={48} className="h-12 w-12 shrink-0 rounded border border-gray-300 object-contain p-1" />
          <div className="min-w-0">
            <span className="block break-words text-gray-900 md:text-gray-600">{product.name}</span>
            <span className="block text-xs text-gray-500" data-testid="sale-state">
              {saleStateText(product)}
            </span>
            <span className="block text-xs text-gray-500 md:hidden">{`${product.category} · ${formatRupees(product.offerPricePaise)}`}</span>
          </div>
        </div>
      </td>
      <td className="px-4 py-3 max-md:hidden">{product.category}</td>
      <td className="px-4 py-3 max-md:hidden">{formatRupees(product.offerPricePaise)}</td>
      <td className="px-3 py-3 max-md:ml-10 max-md:p-0 md:px-4">
        <stock.Form method="post" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="stock" />
          <input type="hidden" name="id" value={product.id} />
          <input type="hidden" name="inStock" value={String(!shownInStock)} />
          <button
            type="submit"
            role="switch"
            aria-checked={shownInStock}
            aria-label={`${product.name} in stock`}
            className={`relative h-7 w-12 shrink-0 rounded-full transition-colors ${shownInStock ? "bg-primary" : "bg-slate-300"}`}
          >
            <span className={`absolute left-1 top-1 h-5 w-5 rounded-full bg-white transition-transform ${shownInStock ? "translate-x-5" : ""}`} />
          </button>
          <span aria-hidden="true" className="text-xs md:hidden">
            {shownInStock ? "In stock" : "Out of stock"}
          </span>
        </stock.Form>
      </td>
      <td className="px-3 py-3 max-md:ml-auto max-md:p-0 md:px-4">
        <div className="flex items-center gap-1 md:gap-3">
          <Link to={`/seller/products/${product.id}/edit`} className="px-2 py-1.5 text-primary hover:underline md:p-0" aria-label={`Edit ${product.name}`}>
            Edit
          </Link>
          <DeleteProduct product={product} listAddress={listAddress} askedToDelete={askedToDelete} />
        </div>
      </td>
    </tr>
  );
}
