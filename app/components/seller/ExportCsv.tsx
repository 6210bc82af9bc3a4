import { useState } from "react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { BusyButton } from "~/components/BusyButton";

const EXPORT = "/api/product/export";

/** The next page's address from a `Link: <…>; rel="next"` header, or null on the last page. */
function nextPage(link: string | null): string | null {
  return link?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;
}

/**
 * "Export CSV": the export's pages (GET /api/product/export, a page per request, ADR 038) fetched
 * one after the other and saved as one file. Before the page is interactive (or without
 * JavaScript) it is a link to the import page's list of the same pages as numbered files
 * (`?export=files`, ADR 045).
 * Only the seller's list and import pages load it.
 */
export function ExportCsv({ className }: { className: string }) {
  const hydrated = useHydrated();
  const [pagesRead, setPagesRead] = useState<number | null>(null);

  async function download() {
    setPagesRead(0);
    try {
      // Bytes, not text: response.text() would drop the first page's byte order mark, which tells
      // Excel the file is UTF-8 (without it, ₹ and Hindi names come out garbled).
      const parts: ArrayBuffer[] = [];
      let fileName = "products.csv";
      for (let url: string | null = EXPORT; url;) {
        const response: Response = await fetch(url, { credentials: "same-origin" });
        if (!response.ok) throw new Error(`The export answered ${response.status}`);
        if (parts.length === 0) fileName = response.headers.get("Content-Disposition")?.match(/filename="([^"]+)"/)?.[1] ?? fileName;
        parts.push(await response.arrayBuffer());
        setPagesRead(parts.length);
        url = nextPage(response.headers.get("Link"));
      }
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob(parts, { type: "text/csv;charset=utf-8" }));
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      toast.success("Products exported");
    } catch {
      toast.error("The export failed. Please try again.");
    } finally {
      setPagesRead(null);
    }
  }

  if (!hydrated) {
    // Without JavaScript nothing can stitch the pages together: the export page lists them as files.
    return (
      <Link to="/seller/products/import?export=files#export-files" className={className}>
        Export CSV
      </Link>
    );
  }
  return (
    <BusyButton type="button" onClick={() => void download()} busy={pagesRead !== null} className={className}>
      {pagesRead === null ? "Export CSV" : `Exporting… (page ${pagesRead + 1})`}
    </BusyButton>
  );
}
