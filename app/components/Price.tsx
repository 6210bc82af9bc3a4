import { formatRupees, savingsOf } from "@shared/money";
import { listPriceName } from "@shared/tax";
import { useStorefront } from "~/lib/root-data";

/** Offer price with the MRP (or, when tax is added at checkout, the regular price) struck through when it is higher. */
export function Price({ offerPricePaise, pricePaise, large = false }: { offerPricePaise: number; pricePaise: number; large?: boolean }) {
  const taxBasisPoints = useStorefront()?.taxBasisPoints ?? 0;
  return (
    <span className="inline-flex items-baseline gap-2">
      <span className={`font-semibold text-primary ${large ? "text-2xl" : "text-base md:text-lg"}`}>{formatRupees(offerPricePaise)}</span>
      {pricePaise > offerPricePaise && (
        <s className="text-sm text-gray-500">
          <span className="sr-only">{listPriceName(taxBasisPoints)} </span>
          {formatRupees(pricePaise)}
        </s>
      )}
    </span>
  );
}

export function DiscountBadge({ offerPricePaise, pricePaise, className = "" }: { offerPricePaise: number; pricePaise: number; className?: string }) {
  const savings = savingsOf(pricePaise, offerPricePaise);
  if (!savings || savings.percentOff === 0) return null;
  return <span className={`rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-white ${className}`}>{savings.percentOff}% off</span>;
}
