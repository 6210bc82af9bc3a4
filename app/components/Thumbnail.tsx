import { imageUrl } from "@shared/images";

/** A stored picture (an R2 key) at a fixed size, loaded lazily; nothing without one. */
export function Thumbnail({ image, size, className }: { image: string | null | undefined; size: number; className: string }) {
  return image ? <img src={imageUrl(image)} alt="" width={size} height={size} loading="lazy" className={className} /> : null;
}
