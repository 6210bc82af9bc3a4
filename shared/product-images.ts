/** A product's pictures' limits: the form checks a chosen file at once, the server the bytes themselves. */
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

/** As far as the browser can tell (declared type and size). */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.type;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.size;
  return null;
}
