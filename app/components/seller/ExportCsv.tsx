import { useState } from "react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { BusyButton } from "~/components/BusyButton";

const EXPORT = "/api/product/export";

const nextPage = (link: string | null) => link?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;

/** The export's pages (ADR 038) fetched in turn and saved as one file; without JavaScript a link to them as numbered files (ADR 045). */
export function ExportCsv({ className }: { className: string }) {
  const hydrated = useHydrated();
  const [pagesRead, setPagesRead] = useState<number | null>(null);

  async function download() {
    setPagesRead(0);
    try {
      // Bytes, not text: response.text() drops the byte order mark that tells Excel the file is UTF-8.
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

  return hydrated ? (
    <BusyButton type="button" onClick={() => void download()} busy={pagesRead !== null} className={className}>
      {pagesRead === null ? "Export CSV" : `Exporting… (page ${pagesRead + 1})`}
    </BusyButton>
  ) : (
    <Link to="/seller/products/import?export=files#export-files" className={className}>
      Export CSV
    </Link>
  );
}
