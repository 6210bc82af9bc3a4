import { PostalAddress } from "~/components/orders/PostalAddress";
import type { InvoiceData } from "@worker/services/invoices";
import { formatRupees } from "@shared/money";
import { formatDateTime } from "@shared/order-status";
import { formatTaxRate } from "@shared/tax";
import { PaperColumns, PaperHead, PaperTotals } from "./PaperParts";

const CELL = "py-2 pr-2 text-right";
type TaxRow = NonNullable<InvoiceData["creditNotes"][number]["tax"]>["rows"][number];
type Tax = "CGST" | "SGST" | "IGST" | "Tax";
const taxOf = (row: TaxRow, tax: Tax) => row[tax === "Tax" ? "igst" : (tax.toLowerCase() as "cgst" | "sgst" | "igst")];

/** Rule 53's credit notes of an invoiced order, each on its own printed page after the invoice (ADR 075). */
export function CreditNotes({ data }: { data: InvoiceData }) {
  const { store, order } = data;
  return data.creditNotes.map((note) => {
    // A store that adds no tax credits the amount alone.
    const rows: TaxRow[] = note.tax?.rows ?? [{ rate: 0, amount: note.amountPaise, taxable: note.amountPaise, cgst: 0, sgst: 0, igst: 0 }];
    const taxes: Tax[] = !note.tax ? [] : note.tax.sameState ? ["CGST", "SGST"] : [data.gst ? "IGST" : "Tax"];
    const sums = (note.tax ? ["Taxable value", ...taxes] : []).map((name) => ({
      name,
      text: formatRupees(rows.reduce((sum, row) => sum + (name === "Taxable value" ? row.taxable : taxOf(row, name as Tax)), 0)),
    }));
    return (
      <section
        key={note.number}
        aria-labelledby={`credit-note-${note.number}`}
        className="mt-8 break-before-page rounded border border-gray-300 p-5 md:p-8 print:mt-0 print:border-0 print:p-0"
        data-testid="credit-note"
      >
        <PaperHead
          store={store}
          title="Credit Note"
          titleId={`credit-note-${note.number}`}
          facts={[
            ["Credit note no.", note.number],
            ["Date", formatDateTime(note.issuedAt)],
            ["Against invoice", `${data.invoiceNumber} of ${formatDateTime(data.invoicedAt ?? order.createdAt)}`],
            ["Place of supply", data.placeOfSupply],
            ["Reason", note.reason],
          ]}
        />
        <p className="mt-4 text-xs font-semibold uppercase text-gray-600">To</p>
        <PostalAddress address={order.address} className="mt-1" nameClassName="font-medium" />
        <table className="mt-4 w-full border-collapse text-left">
          <PaperColumns caption="Value and tax credited" columns={["Rate", "Taxable value", ...taxes, "Amount"].map((text) => [text, CELL])} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.rate} className="border-b border-gray-200" data-testid="credit-row">
                <td className={CELL}>{note.tax ? formatTaxRate(row.rate) : "–"}</td>
                <td className={CELL}>{formatRupees(row.taxable)}</td>
                {taxes.map((tax) => (
                  <td key={tax} className={CELL}>
                    {formatRupees(taxOf(row, tax))}
                  </td>
                ))}
                <td className={CELL}>{formatRupees(row.amount)}</td>
              </tr>
            ))}
          </tbody>
          <PaperTotals rows={sums} span={taxes.length + 2} total={note.amountPaise} />
        </table>
        <p className="mt-4">
          Amount in words: <span className="font-medium">{note.amountInWords}</span>
        </p>
      </section>
    );
  });
}
