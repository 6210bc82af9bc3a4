import { Fragment } from "react";
import type { ProductView } from "@worker/services/catalog";
import { formatRupees } from "@shared/money";
import { unitSalePrice } from "@shared/net-quantity";
import { listPriceName } from "@shared/tax";
import { useStorefront } from "~/lib/root-data";
import { TitledSection } from "~/components/TitledSection";

/** What the Legal Metrology rules ask a product page to declare (ADR 071); consumer care is the store's own contact. */
export function ProductFacts({ product }: { product: ProductView }) {
  const store = useStorefront();
  const contact = store?.contact;
  const taxAdded = (store?.taxBasisPoints ?? 0) > 0;
  const facts = [
    ["Net quantity", product.weight || "N/A"],
    ["Unit sale price", unitSalePrice(product.offerPricePaise, product.weight)],
    // An MRP includes all taxes; while tax is added at checkout the list price is no MRP (shared/tax.ts).
    [listPriceName(store?.taxBasisPoints ?? 0), `${formatRupees(product.pricePaise)}${taxAdded ? "" : " inclusive of all taxes"}`],
    ["Country of origin", product.countryOfOrigin],
    ["Manufacturer or packer", product.manufacturer],
    ["Best before", product.shelfLife],
    ["Consumer care", contact && `${contact.legalName}, ${contact.office.replaceAll("\n", ", ")}. ${contact.phone}, ${contact.email}`],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <TitledSection titleId="product-facts" title="Product information" titleClassName="text-base font-medium" className="mt-4">
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-600">
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt className="font-medium text-gray-800">{term}</dt>
            <dd className="whitespace-pre-line">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </TitledSection>
  );
}
