import type { InvoiceData } from "@worker/services/invoices";
import { formatRupees } from "@shared/money";
import { formatTaxRate } from "@shared/tax";
import { PaperColumns, PaperTotals } from "./PaperParts";

type Gst = NonNullable<InvoiceData["gst"]>;

const CELL = "py-2 pr-2 text-right";

/** Rule 46's lines: HSN, taxable value, each tax's rate and amount; CGST + SGST within the store's state, IGST across (ADR 073). */
export function GstInvoiceTable({ gst, total }: { gst: Gst; total: number }) {
  const taxes = gst.sameState ? (["CGST", "SGST"] as const) : (["IGST"] as const);
  const part = (rate: number) => (gst.sameState ? rate / 2 : rate);
  const sums = [["Taxable value", gst.taxable], ...taxes.map((tax) => [tax, gst[tax.toLowerCase() as "cgst" | "sgst" | "igst"]] as const)] as const;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <PaperColumns
          caption="Items, their taxable value and tax"
          columns={["#", "Item", "HSN", "Qty", "Taxable value", ...taxes, "Amount"].map((text, i) => [text, i < 3 ? "py-2 pr-2" : CELL])}
        />
        <tbody>
          {gst.rows.map((row, i) => (
            <tr key={i} className="border-b border-gray-200 align-top" data-testid="gst-row">
              <td className="py-2 pr-2">{i + 1}</td>
              <td className="py-2 pr-2">{row.name}</td>
              <td className="py-2 pr-2">{row.hsn ?? "–"}</td>
              <td className={CELL}>{row.quantity}</td>
              <td className={CELL}>{formatRupees(row.taxable)}</td>
              {taxes.map((tax) => (
                <td key={tax} className={CELL}>
                  {`${formatTaxRate(part(row.rate))}: ${formatRupees(row[tax.toLowerCase() as "cgst" | "sgst" | "igst"])}`}
                </td>
              ))}
              <td className="py-2 text-right">{formatRupees(row.amount)}</td>
            </tr>
          ))}
        </tbody>
        <PaperTotals
          rows={sums.map(([name, paise]) => ({ name, text: formatRupees(paise), testId: `gst-${name.split(" ")[0]!.toLowerCase()}` }))}
          span={4 + taxes.length}
          total={total}
        />
      </table>
    </div>
  );
}
