import { Form, redirect, useLocation, useNavigation, Link } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { readCsvFile, readForm } from "@worker/request-body";
import { confirmStagedImport, IMPORT_TOO_LARGE, planImport, publicRow, stagedImport, stageImport, type FieldChange } from "@worker/services/catalogue-import";
import { exportParts } from "@worker/services/catalogue-export";
import { CSV_COLUMNS, MAX_IMPORT_BYTES, REQUIRED_CSV_COLUMNS } from "@shared/product-csv";
import { ExportCsv } from "~/components/seller/ExportCsv";
import type { Route } from "./+types/import-products";
import { sellerPageMeta } from "~/lib/site";
import { BusyButton } from "~/components/BusyButton";
import { Alert } from "~/lib/field-error";

export const meta: Route.MetaFunction = () => sellerPageMeta("Import products", "Products from a CSV file, previewed before anything is written.");

/** Rows a preview lists; the counts cover the whole file. */
const SHOWN_ROWS = 500;
const PAGE = "/seller/products/import";

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const params = new URL(request.url).searchParams;
  const done = params.has("created") ? { created: Number(params.get("created")) || 0, updated: Number(params.get("updated")) || 0 } : null;
  const id = params.get("preview");
  // Export CSV without JavaScript lands here: the export's pages as files (ADR 045).
  if (!id) return { done, preview: null, exportFiles: params.has("export") ? await exportParts(worker.db) : null };
  const text = await stagedImport(worker, id);
  if (text === null) return { done, exportFiles: null, preview: { id, expired: true as const } };
  const plan = await planImport(worker, text);
  // What needs the seller first: refused rows, then what would change; unchanged rows are only counted (issue 40).
  const listed = plan.rows
    .filter((row) => row.action !== "unchanged")
    .sort((a, b) => Number(b.action === "refused") - Number(a.action === "refused") || a.row - b.row);
  const rows = listed.slice(0, SHOWN_ROWS).map(publicRow);
  const more = Math.max(0, listed.length - SHOWN_ROWS);
  return { done, exportFiles: null, preview: { id, expired: false as const, summary: plan.summary, hash: plan.hash, rows, more } };
}

/** Two Post/Redirect/Get steps: the file is kept an hour and previewed at `?preview=<id>`; confirming writes it if the preview still holds. */
export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  return answerForm<{ msg: string }>(request, async () => {
    const form = await readForm(request, { maxBytes: MAX_IMPORT_BYTES + 64 * 1024, tooLargeMsg: IMPORT_TOO_LARGE });
    if (form.get("intent") === "confirm") {
      const result = await confirmStagedImport(worker, String(form.get("importId") ?? ""), String(form.get("plan") ?? ""));
      return redirect(`${PAGE}?${new URLSearchParams({ created: String(result.created), updated: String(result.updated) })}`, 303);
    }
    const id = await stageImport(worker, await readCsvFile(form.get("file"), MAX_IMPORT_BYTES, IMPORT_TOO_LARGE));
    return redirect(`${PAGE}?preview=${id}`, 303);
  });
}

/** "offer price: ₹110 → ₹99.50", or the field alone when its values are too long. */
const describeChange = ({ field, from, to }: FieldChange) => (from === undefined ? field : `${field}: ${from} → ${to}`);

// A stable ref callback: a status or heading that appears (a new preview's is keyed) takes the focus, where the pressed button has gone.
const focusOnMount = (element: HTMLElement | null) => element?.focus();

const ACTION_LABEL = { create: "Will be created", update: "Will be changed", unchanged: "Unchanged", refused: "Refused" } as const;

export default function ImportProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { done, preview, exportFiles } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  const failure = actionData && !actionData.ok ? actionData.msg : null;

  return (
    <>
      <Link to="/seller/product-list" className="text-sm text-primary hover:underline">
        ← Product List
      </Link>
      <h1 className="mb-4 mt-2 text-2xl font-medium">Import products</h1>
      {done && (
        <p ref={focusOnMount} role="status" tabIndex={-1} className="mb-4 rounded bg-primary/10 px-4 py-3 text-primary-dull">
          Imported: {done.created} created, {done.updated} updated.
        </p>
      )}
      <Alert className="mb-4 rounded bg-red-50 px-4 py-3 text-red-800" message={failure} />

      {exportFiles && <ExportFiles {...exportFiles} />}

      <div className="max-w-2xl space-y-2 text-sm text-gray-700">
        <p>
          Start from an export of the products (<ExportCsv className="text-primary underline" />
          ), change it in a spreadsheet and upload it here. You see what will change before anything is written; then the whole file is imported, or nothing.
        </p>
        <p>
          Columns: {CSV_COLUMNS.join(", ")} ({REQUIRED_CSV_COLUMNS.join(", ")} needed). A row with an id changes that product; a row without one adds a product.
          Prices are in rupees, as a spreadsheet writes them (99.50 or ₹1,200). Pictures are never fetched from other sites: a new product names one of this
          store&apos;s picture addresses (as the export writes them), or is added on Add Product. in_stock is for reading: switch products on and off from the
          list. At most {MAX_IMPORT_BYTES / 1024 / 1024} MB.
        </p>
      </div>

      {/* A new form once an import is done: the file just imported is not left chosen. */}
      <Form key={done ? location.key : "upload"} method="post" encType="multipart/form-data" className="mt-5 flex max-w-2xl flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="preview" />
        <div className="flex flex-col gap-1">
          <label htmlFor="import-file" className="font-medium">
            CSV file
          </label>
          <input id="import-file" name="file" type="file" accept=".csv,text/csv" required className="max-w-full text-sm" />
        </div>
        <BusyButton busy={busy} className="rounded bg-primary px-5 py-2 text-white">
          {busy && navigation.formData?.get("intent") === "preview" ? "Reading…" : "Preview import"}
        </BusyButton>
      </Form>

      {preview?.expired && <p className="mt-6 text-gray-700">This preview has expired: upload the file again.</p>}
      {preview && !preview.expired && (
        <section aria-labelledby="preview-heading" className="mt-8">
          <h2 key={preview.id} id="preview-heading" ref={focusOnMount} tabIndex={-1} className="text-xl font-medium">
            Preview
          </h2>
          <p className="mt-1 text-gray-700" data-testid="import-summary">
            {preview.summary.create} to create, {preview.summary.update} to change, {preview.summary.unchanged} unchanged, {preview.summary.refused} refused.
          </p>
          {preview.summary.refused > 0 ? (
            <p className="mt-2 font-medium text-red-800">Nothing can be imported while a row is refused: fix those rows in the file and upload it again.</p>
          ) : preview.summary.create + preview.summary.update === 0 ? (
            <p className="mt-2">Nothing to change.</p>
          ) : (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="importId" value={preview.id} />
              <input type="hidden" name="plan" value={preview.hash} />
              <BusyButton busy={busy} className="rounded bg-primary px-5 py-2 text-white">
                {busy && navigation.formData?.get("intent") === "confirm" ? "Importing…" : "Confirm import"}
              </BusyButton>
            </Form>
          )}
          {preview.rows.length > 0 && (
            <div className="mt-4 overflow-x-auto rounded-md border border-gray-500/20">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">What importing the file does to each row that is refused or changes something</caption>
                <thead>
                  <tr>
                    <th className="whitespace-nowrap px-3 py-2 font-semibold">Row</th>
                    <th className="px-3 py-2 font-semibold">Product</th>
                    <th className="px-3 py-2 font-semibold">Result</th>
                    <th className="px-3 py-2 font-semibold">Details</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row) => (
                    <tr key={row.row} className={`border-t border-gray-500/20 ${row.action === "refused" ? "bg-red-50" : ""}`}>
                      <td className="whitespace-nowrap px-3 py-2">{row.row}</td>
                      <td className="break-words px-3 py-2">{row.name || row.id || "(no name)"}</td>
                      <td className="whitespace-nowrap px-3 py-2">{ACTION_LABEL[row.action]}</td>
                      <td className="px-3 py-2">{row.reasons?.join("; ") ?? row.changes?.map(describeChange).join("; ") ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {preview.more > 0 && <p className="mt-2 text-sm text-gray-600">…and {preview.more} more rows, counted above.</p>}
        </section>
      )}
    </>
  );
}

/** The export as files, for a seller without JavaScript: each page a CSV of its own with the header line. */
function ExportFiles({ total, partSize, parts }: NonNullable<Route.ComponentProps["loaderData"]["exportFiles"]>) {
  return (
    <section id="export-files" aria-labelledby="export-files-heading" className="mb-6 max-w-2xl text-sm">
      <h2 id="export-files-heading" className="text-xl font-medium">
        Export CSV files
      </h2>
      {total === 0 ? (
        <p className="mt-1">There are no products to export yet.</p>
      ) : (
        <>
          <p className="mt-1 text-gray-700">
            {total} {total === 1 ? "product" : "products"}, oldest first{parts.length > 1 && `, in ${parts.length} files of up to ${partSize}`}. Each file has
            the header line, so you can edit and import them one at a time.
          </p>
          <ol aria-label="CSV files" className="mt-2 space-y-1">
            {parts.map((part) => (
              <li key={part.part}>
                <a href={part.href} download className="text-primary underline">
                  Products {part.from}–{part.to}
                </a>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
