import { useId } from "react";
import { formatIstDay, formatIstWeekday } from "@shared/ist";
import { formatRupees } from "@shared/money";

export type ChartDay = { day: number; orders: number; salesPaise: number };

const WIDTH = 640;
const HEIGHT = 220;
// Room at the left for ₹2,50,000 and below for the dates, at the phone's larger labels.
const PLOT = { left: 110, right: 8, top: 14, bottom: 34 };
// In the chart's units: on a phone (about 300 px for 640 units) 11 would be 5 px, so there they are 20.
const LABEL = "fill-gray-600 text-[11px] max-md:text-[20px]";

/** Sales per day as SVG bars in the server's HTML (no chart library); a summary for screen readers, and the numbers as a table. */
export function SalesChart({ days }: { days: ChartDay[] }) {
  const id = useId();
  const top = niceCeiling(Math.max(0, ...days.map((d) => d.salesPaise)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const y = (paise: number) => PLOT.top + plotHeight - (top === 0 ? 0 : (paise / top) * plotHeight);
  const total = days.reduce((sum, d) => sum + d.salesPaise, 0);
  const best = days.reduce<ChartDay | undefined>((a, d) => (!a || d.salesPaise > a.salesPaise ? d : a), undefined);
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full" data-testid="sales-chart">
        <title id={`${id}-title`}>{`Sales per day, last ${days.length} days`}</title>
        <desc id={`${id}-desc`}>
          {first && last
            ? `From ${formatIstDay(first.day)} to ${formatIstDay(last.day)}: ${formatRupees(total)} in all${best && best.salesPaise > 0 ? `, the best day ${formatIstDay(best.day)} with ${formatRupees(best.salesPaise)}` : ""}.`
            : "No days to show."}
        </desc>
        {(top === 0 ? [0] : [0, 0.5, 1]).map((share) => (
          <g key={share}>
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(top * share)} y2={y(top * share)} stroke="#d1d5db" strokeWidth="1" />
            <text x={PLOT.left - 6} y={y(top * share)} textAnchor="end" dominantBaseline="middle" className={LABEL}>
              {formatRupees(Math.round(top * share))}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={PLOT.left + i * slot + slot * 0.15}
            y={y(d.salesPaise)}
            width={slot * 0.7}
            height={PLOT.top + plotHeight - y(d.salesPaise)}
            fill={i === days.length - 1 ? "#276749" : "#4fbf8b"}
          />
        ))}
        {days.map((d, i) =>
          i % 7 === (days.length - 1) % 7 ? (
            <text
              key={d.day}
              x={i === days.length - 1 ? WIDTH - PLOT.right : PLOT.left + (i + 0.5) * slot}
              y={HEIGHT - 6}
              textAnchor={i === days.length - 1 ? "end" : "middle"}
              className={LABEL}
            >
              {formatIstDay(d.day)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="sr-only">The table below lists the same numbers.</figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-primary-dull">Sales per day as a table</summary>
        <table className="mt-2 w-full text-left" data-testid="sales-table">
          <caption className="sr-only">Orders and sales per day, newest first</caption>
          <thead>
            <tr className="border-b border-gray-300">
              {Object.entries({ Day: "pr-4", Orders: "pr-4 text-right", Sales: "text-right" }).map(([label, place]) => (
                <th key={label} scope="col" className={`py-1 ${place} font-medium`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.day} className="border-b border-gray-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {formatIstWeekday(d.day)}
                </th>
                <td className="py-1 pr-4 text-right">{d.orders}</td>
                <td className="py-1 text-right">{formatRupees(d.salesPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The axis's top: rounded up to 1, 2 or 5 times a power of ten. */
function niceCeiling(paise: number): number {
  if (paise <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(paise));
  return [1, 2, 5, 10].find((m) => m * power >= paise)! * power;
}
