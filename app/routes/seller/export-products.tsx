import { Link } from "~/components/Link";
import { fromContext } from "@worker/web/context";
import { exportParts } from "@worker/services/catalogue-export";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/export-products";

export const meta: Route.MetaFunction = () => [...pageMeta("Export products", "The catalogue as CSV files, in numbered parts."), { name: "robots", content: "noindex" }];

/** How many products there are and where each part starts: one D1 round trip (ADR 045). */
export async function loader({ context }: Route.LoaderArgs) {
  return exportParts(fromContext(context).db);
}

/**
 * The export without JavaScript (ADR 045): with it, Export CSV on the product list fetches the
 * export's pages into one file; without it, that link leads here, to the same pages as numbered
 * downloads, each a CSV of its own with the header line (so the import takes any of them as it is).
 */
export default function ExportProducts({ loaderData }: Route.ComponentProps) {
  const { total, partSize, parts } = loaderData;
  return (
    <div className="max-w-2xl text-sm">
      <h1 className="text-2xl font-medium">Export products</h1>
      {total === 0 ? (
        <p className="mt-4">There are no products to export yet.</p>
      ) : (
        <>
          <p className="mt-4 text-gray-700">
            {total} {total === 1 ? "product" : "products"}, oldest first
            {parts.length > 1 && `, in ${parts.length} files of up to ${partSize}`}. Each file has the header line, so you can edit and import
            them one at a time.
          </p>
          <ol aria-label="CSV files" className="mt-4 space-y-2">
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
      <p className="mt-6">
        <Link to="/seller/product-list" className="text-primary hover:underline">
          ← Back to the product list
        </Link>
      </p>
    </div>
  );
}
