/** The spec's fixed rating: always 4 of 5 stars. */
export const RATING = 4;

/**
 * One element for the five stars (listings show dozens): the `.stars` rule in app.css colours the
 * first four green and the last grey.
 */
export function Stars({ size = "text-sm" }: { size?: string }) {
  return (
    <span className={`stars ${size}`} role="img" aria-label={`Rated ${RATING} out of 5`}>
      ★★★★★
    </span>
  );
}
