/** The spec's fixed rating: always 4 of 5 stars (one element per state, cheap to hydrate). */
export const RATING = 4;

export function Stars({ size = "text-sm" }: { size?: string }) {
  return (
    <span className={`inline-flex ${size}`} role="img" aria-label={`Rated ${RATING} out of 5`}>
      <span aria-hidden="true" className="text-primary">
        {"★".repeat(RATING)}
      </span>
      <span aria-hidden="true" className="text-gray-300">
        {"★".repeat(5 - RATING)}
      </span>
    </span>
  );
}
