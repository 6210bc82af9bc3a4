/** The seller pages' forms, through the same services as the JSON API. */
import type { WorkerContext } from "@worker/web/context";
import { limitSellerLogin } from "@worker/security/rate-limit";
import { createSession, destroySession } from "@worker/web/session";
import { readForm } from "@worker/request-body";
import { MAX_UPLOAD_BODY_BYTES, readLimitedFormData } from "@worker/storage/uploads";
import { createProduct, updateProduct } from "@worker/services/product-admin";
import { checkSellerLogin } from "@worker/services/seller-auth";

export async function sellerLoginForm(request: Request, worker: WorkerContext): Promise<Headers> {
  const form = await readForm(request);
  const input = { email: form.get("email"), password: form.get("password") };
  await limitSellerLogin(worker.env, request, input);
  checkSellerLogin(worker.env, input);
  return new Headers({ "Set-Cookie": await createSession(request, worker.env, "seller", { seller: true }) });
}

export async function sellerLogoutHeaders(request: Request, worker: WorkerContext): Promise<Headers> {
  return new Headers({ "Set-Cookie": await destroySession(request, worker.env, "seller") });
}

const PRODUCT_FIELDS = ["name", "description", "category", "price", "offerPrice", "weight", "stock"] as const;

/** Add or edit a product from the multipart form (call only after the seller check). */
export async function saveProductForm(request: Request, worker: WorkerContext, productId?: string) {
  const form = await readLimitedFormData(request, MAX_UPLOAD_BODY_BYTES);
  const fields = Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, form.get(name) ?? undefined]));
  const files = form.getAll("images");
  return productId ? updateProduct(worker, productId, fields, files) : createProduct(worker, fields, files);
}
