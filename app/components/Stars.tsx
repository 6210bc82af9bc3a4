/** The spec's fixed rating: always 4 of 5 stars. */
export const RATING = 4;

export function Stars({ size = "text-sm" }: { size?: string }) {
  return (
    <span className={`inline-flex ${size}`} role="img" aria-label={`Rated ${RATING} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < RATING ? "text-primary" : "text-gray-300"}>
          ★
        </span>
      ))}
    </span>
  );
}
