/** The seller pages' forms, through the same services as the JSON API. */
import type { WorkerContext } from "@worker/web/context";
import { limitSellerLogin } from "@worker/security/rate-limit";
import { createSession, destroySession } from "@worker/web/session";
import { readForm } from "@worker/request-body";
import { isChosenFile, MAX_IMAGES, readUploadForm, type ImageChoice } from "@worker/storage/uploads";
import { createProduct, SAME_IMAGES, updateProduct } from "@worker/services/product-admin";
import { checkSellerLogin } from "@worker/services/seller-auth";
import { parseInput } from "@worker/errors";
import { imagePositionField, productInput } from "@worker/validation/product";

export async function sellerLoginForm(request: Request, worker: WorkerContext): Promise<Headers> {
  const form = await readForm(request);
  const input = { email: form.get("email"), password: form.get("password") };
  await limitSellerLogin(worker.env, request, input);
  checkSellerLogin(worker.env, input);
  return new Headers({ "Set-Cookie": await createSession(request, worker.env, "seller", { seller: true }) });
}

export async function endSellerSession(request: Request, worker: WorkerContext): Promise<{ cookies: string[]; ended: boolean }> {
  const { setCookie, ended } = await destroySession(request, worker.env, "seller");
  return { cookies: [setCookie], ended };
}

/** Call only after the seller check. */
export async function saveProductForm(request: Request, worker: WorkerContext, productId?: string) {
  const form = await readUploadForm(request);
  const fields = Object.fromEntries(Object.keys(productInput.shape).map((name) => [name, form.get(name) ?? undefined]));
  const images = imageSlots(form);
  if (!productId) return createProduct(worker, fields, images ?? []);
  return updateProduct(worker, productId, fields, images ?? SAME_IMAGES);
}

/** ImageSlots.tsx's slots (ADR 039): slot i posts `image<i>`, `keep<i>`, `remove<i>`, `position<i>`; no slot field at all: null, pictures unchanged. */
export function imageSlots(form: FormData): ImageChoice[] | null {
  if (![...form.keys()].some((name) => /^(image|keep|remove|position)\d$/.test(name))) return null;
  const placed: { choice: ImageChoice; slot: number; position: number }[] = [];
  for (let slot = 0; slot < MAX_IMAGES; slot++) {
    if (form.get(`remove${slot}`)) continue;
    const file = form.get(`image${slot}`);
    const keep = form.get(`keep${slot}`);
    const posted = form.get(`position${slot}`);
    const position = posted === null ? slot + 1 : parseInput(imagePositionField, posted);
    if (isChosenFile(file) || (typeof file === "string" && file !== "")) placed.push({ choice: { file, slot: slot + 1 }, slot, position });
    else if (typeof keep === "string" && keep !== "") placed.push({ choice: { keep }, slot, position });
  }
  return placed.sort(byChosenPosition).map(({ choice }) => choice);
}

/** By the position chosen; on a tie, one moved earlier goes before the picture that stayed, one moved later after it. */
function byChosenPosition(a: { slot: number; position: number }, b: { slot: number; position: number }): number {
  const direction = ({ slot, position }: { slot: number; position: number }) => Math.sign(position - (slot + 1)); // -1 earlier, 0 stayed, 1 later
  return a.position - b.position || direction(a) - direction(b) || a.slot - b.slot;
}

/** The rows ticked, or every row of the page (`allOnPage`: "select all" without JavaScript). */
export function bulkStockFields(form: FormData) {
  const set = form.get("set");
  return { ids: form.get("allOnPage") ? form.getAll("pageIds") : form.getAll("ids"), set, ...(set === "count" ? { count: form.get("count") } : {}) };
}
