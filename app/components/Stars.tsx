/** The spec's fixed rating. */
export const RATING = 4;

/** One element for the five stars (listings show dozens): app.css `.stars` colours them. */
export function Stars({ size = "text-sm", showValue = false }: { size?: string; showValue?: boolean }) {
  const stars = (
    <span className={`stars ${size}`} role="img" aria-label={`Rated ${RATING} out of 5`}>
      ★★★★★
    </span>
  );
  if (!showValue) return stars;
  return (
    <span className="flex items-center gap-2">
      {stars}
      <span aria-hidden="true" className="text-base">
        ({RATING})
      </span>
    </span>
  );
}
