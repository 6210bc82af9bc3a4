/**
 * The limits of a product's pictures, shared by the seller's form (which checks a chosen file at
 * once) and the server (worker/storage/uploads.ts, which checks the bytes themselves and decides).
 */
export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** What the file inputs offer; the server recognises each type by its bytes, never by this. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;

export const IMAGE_MESSAGES = {
  type: "Images must be JPEG, PNG, WebP or AVIF files",
  size: `Each image must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  required: "Add at least one product image",
  tooMany: `Add at most ${MAX_IMAGES} images`,
} as const;

/** A chosen file's problem, as far as the browser can tell (its declared type and size), or null. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.type;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.size;
  return null;
}
