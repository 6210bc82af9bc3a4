import { formatRupees } from "@shared/money";

/** Offer price with the MRP struck through when it is higher. */
export function Price({ offerPricePaise, pricePaise, large = false }: { offerPricePaise: number; pricePaise: number; large?: boolean }) {
  return (
    <span className="inline-flex items-baseline gap-2">
      <span className={`font-semibold text-primary ${large ? "text-2xl" : "text-base md:text-lg"}`}>{formatRupees(offerPricePaise)}</span>
      {pricePaise > offerPricePaise && (
        <s className="text-sm text-gray-500">
          <span className="sr-only">MRP </span>
          {formatRupees(pricePaise)}
        </s>
      )}
    </span>
  );
}
