import { Fragment, type ReactNode } from "react";
import type { InvoiceData } from "@worker/services/invoices";
import { formatRupees } from "@shared/money";

type PaperHeadProps = { store: InvoiceData["store"]; title: string; titleId?: string; facts: string[][]; children?: ReactNode };
/** A paper's head: the store that issues it; what the paper is, and its particulars. A paper after the first is titled one level down. */
export function PaperHead({ store, title, titleId, facts, children }: PaperHeadProps) {
  const Title = titleId ? "h2" : "h1";
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 border-b border-gray-300 pb-4">
      <div>
        <p className="text-lg font-bold">{store.legalName}</p>
        {[...store.addressLines, `${store.email} · ${store.phone}`].map((line, i) => (
          <p key={i}>{line}</p>
        ))}
        {store.gstin && <p data-testid={titleId ? undefined : "invoice-gstin"}>GSTIN: {store.gstin}</p>}
      </div>
      <div className="text-right">
        <Title id={titleId} className="text-xl font-semibold uppercase tracking-wide">
          {title}
        </Title>
        {children}
        <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-3 text-left">
          {facts.map(([term, value, testId]) => (
            <Fragment key={term}>
              <dt className="text-gray-600">{term}</dt>
              <dd data-testid={testId}>{value}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
    </header>
  );
}

/** A paper table's caption (for screen readers) and its column heads, each `[text, className]`. */
export function PaperColumns({ caption, columns }: { caption: string; columns: string[][] }) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-gray-300 text-xs uppercase text-gray-600">
          {columns.map(([text, className]) => (
            <th key={text} scope="col" className={className}>
              {text}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}

/** An invoice's sums under its lines, then the total. */
export function PaperTotals({ rows, span, total }: { rows: { name: string; text: string; testId?: string }[]; span: number; total: number }) {
  return (
    <tfoot>
      {rows.map(({ name, text, testId }, i) => (
        <tr key={name}>
          <th scope="row" colSpan={span} className={`${i === 0 ? "pt-3 " : ""}pr-2 text-right font-normal`}>
            {name}
          </th>
          <td className={`${i === 0 ? "pt-3 " : ""}text-right`} data-testid={testId}>
            {text}
          </td>
        </tr>
      ))}
      <tr className="text-base font-semibold">
        <th scope="row" colSpan={span} className="border-t border-gray-300 pt-2 pr-2 text-right">
          Total
        </th>
        <td className="border-t border-gray-300 pt-2 text-right" data-testid="invoice-total">
          {formatRupees(total)}
        </td>
      </tr>
    </tfoot>
  );
}
