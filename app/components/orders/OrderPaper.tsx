import { Link } from "react-router";
import { PostalAddress } from "~/components/orders/PostalAddress";
import { useHydrated } from "~/lib/use-hydrated";
import type { InvoiceData } from "@worker/services/invoices";
import { formatRupees } from "@shared/money";
import { formatDateTime, orderNumber, paymentLabel, paymentMethodLabel } from "@shared/order-status";
import { billLines, chargedOn } from "@shared/fees";
import { CreditNotes } from "./CreditNotes";
import { GstInvoiceTable } from "./GstInvoiceTable";
import { PaperColumns, PaperHead, PaperTotals } from "./PaperParts";

type Kind = "invoice" | "packing-slip";

const LEADING_COLUMNS = { "#": "py-2 pr-2", Item: "py-2 pr-2", Qty: "py-2 pr-2 text-right" };
const COLUMNS: Record<Kind, string[][]> = {
  invoice: Object.entries({ ...LEADING_COLUMNS, Rate: "py-2 pr-2 text-right", Amount: "py-2 text-right" }),
  "packing-slip": Object.entries({ ...LEADING_COLUMNS, Packed: "py-2 text-right" }),
};

const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** An order's printable paper, GST-style (a tax invoice when the seller has a GSTIN); the packing slip is the same without prices. */
export function OrderPaper({ data, kind, forSeller = false }: { data: InvoiceData; kind: Kind; forSeller?: boolean }) {
  const { store, order } = data;
  const [backTo, backLabel] = forSeller
    ? [`/seller/orders?${new URLSearchParams({ q: orderNumber(order.id) })}`, "Back to the order in Orders"]
    : [`/my-orders/${order.id}`, "Back to the order"];
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  // Fees are part of the taxable value (ADR 070).
  const bill = billLines(chargedOn(order));
  const taxable = formatRupees(order.subtotalPaise + order.deliveryFeePaise + order.smallCartFeePaise);
  const billRows = order.taxBasisPoints > 0 ? [...bill.slice(0, -1), { name: "Taxable value", text: taxable }, bill.at(-1)!] : bill;
  const title = kind === "packing-slip" ? "Packing Slip" : !data.invoiceNumber ? "Order Summary" : store.gstin ? "Tax Invoice" : "Invoice";
  return (
    <div className="mx-auto max-w-3xl p-4 text-sm text-gray-900 md:p-8 print:max-w-none print:p-0">
      <nav aria-label={`${title} actions`} className="mb-6 flex items-center justify-between gap-3 print:hidden">
        <Link to={backTo} className="text-primary hover:underline">
          ← {backLabel}
        </Link>
        <PrintButton />
      </nav>
      <main className="rounded border border-gray-300 p-5 md:p-8 print:border-0 print:p-0">
        <PaperHead
          store={store}
          title={title}
          facts={[
            ...(kind === "invoice" ? [["Invoice no.", data.invoiceNumber ?? "Issued when the order is packed", "invoice-number"]] : []),
            ["Order no.", orderNumber(order.id)],
            ["Date", formatDateTime(data.invoicedAt ?? order.createdAt)],
            ["Place of supply", data.placeOfSupply],
          ]}
        >
          {order.status === "Cancelled" && (
            // A cancelled order's paper stays printable for the records, and says it is void.
            <p className="mt-1 font-semibold uppercase text-red-700" data-testid="paper-cancelled">
              Cancelled{kind === "packing-slip" ? ": do not pack" : order.isPaid ? "" : ": nothing to pay"}
            </p>
          )}
        </PaperHead>

        <section aria-label="Addresses" className="grid gap-4 border-b border-gray-300 py-4 sm:grid-cols-2">
          <div>
            <h2 className="text-xs font-semibold uppercase text-gray-600">{kind === "invoice" ? "Bill to / Ship to" : "Deliver to"}</h2>
            <PostalAddress address={order.address} className="mt-1" nameClassName="font-medium" />
          </div>
          <div>
            <h2 className="text-xs font-semibold uppercase text-gray-600">Payment</h2>
            <p className="mt-1">{`${paymentMethodLabel(order.paymentType)} · ${paymentLabel(order)}`}</p>
            <p>Status: {order.status}</p>
          </div>
        </section>

        {kind === "invoice" && data.gst ? (
          <GstInvoiceTable gst={data.gst} total={order.amountPaise} />
        ) : (
          <table className="mt-4 w-full border-collapse text-left">
            <PaperColumns caption={kind === "invoice" ? "Items and amounts" : "Items to pack"} columns={COLUMNS[kind]} />
            <tbody>
              {order.items.map((item, i) => (
                <tr key={item.id} className="border-b border-gray-200 align-top">
                  <td className="py-2 pr-2">{i + 1}</td>
                  <td className="py-2 pr-2">
                    {item.name}
                    <span className="block text-xs text-gray-600">{item.category}</span>
                  </td>
                  <td className="py-2 pr-2 text-right">{item.quantity}</td>
                  {kind === "invoice" ? (
                    <>
                      <td className="py-2 pr-2 text-right">{formatRupees(item.unitPricePaise)}</td>
                      <td className="py-2 text-right">{formatRupees(item.unitPricePaise * item.quantity)}</td>
                    </>
                  ) : (
                    <td className="py-2 text-right">
                      <span aria-hidden="true" className="inline-block h-4 w-4 border border-gray-500" />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            {kind === "invoice" && (
              <PaperTotals
                rows={billRows.map((row) => ({ ...row, testId: row.name.startsWith("Tax (") ? "invoice-tax" : undefined }))}
                span={4}
                total={order.amountPaise}
              />
            )}
          </table>
        )}

        {kind === "invoice" ? (
          <footer className="mt-6 space-y-1 border-t border-gray-300 pt-4">
            <p>
              Amount in words: <span className="font-medium">{data.amountInWords}</span>
            </p>
            {data.gst && <p>Tax payable under reverse charge: No</p>}
            <p className="text-xs text-gray-600">This is a computer-generated invoice and needs no signature.</p>
          </footer>
        ) : (
          <footer className="mt-6 space-y-1 border-t border-gray-300 pt-4">
            <p>{`${countOf(units, "unit")} in ${countOf(order.items.length, "line")}`}</p>
            {order.paymentType === "COD" && !order.isPaid && order.status !== "Cancelled" && (
              <p className="text-lg font-semibold" data-testid="cash-to-collect">
                Collect in cash: {formatRupees(order.amountPaise)}
              </p>
            )}
          </footer>
        )}
      </main>
      {kind === "invoice" && <CreditNotes data={data} />}
    </div>
  );
}

function PrintButton() {
  // Printing needs JavaScript: without it the button is not offered (the browser's own Print prints the same page).
  return useHydrated() ? (
    <button type="button" onClick={() => window.print()} className="rounded bg-primary px-4 py-2 font-medium text-white hover:bg-primary-dull">
      Print
    </button>
  ) : null;
}
