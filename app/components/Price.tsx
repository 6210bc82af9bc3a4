import { formatRupees, savingsOf } from "@shared/money";

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

/** "8% off" against the MRP, when there is a discount. */
export function DiscountBadge({ offerPricePaise, pricePaise, className = "" }: { offerPricePaise: number; pricePaise: number; className?: string }) {
  const savings = savingsOf(pricePaise, offerPricePaise);
  if (!savings || savings.percentOff === 0) return null;
  return <span className={`rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-white ${className}`}>{savings.percentOff}% off</span>;
}
