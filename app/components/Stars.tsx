/** The spec's fixed rating: always 4 of 5 stars. */
export const RATING = 4;

/**
 * The one rating component (product cards and the product page): the spec's fixed 4 of 5, named
 * for screen readers. One element for the five stars (listings show dozens): the `.stars` rule in
 * app.css colours the first four green and the last grey, over the stars' own width however the
 * element is laid out. `showValue`: the number after the stars, "(4)".
 */
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
