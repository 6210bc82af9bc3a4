// A product's pictures as the Add/Edit form's slots ask for them (worker/web/seller-forms.ts →
// readImageChoices in worker/storage/uploads.ts): kept, reordered, replaced, removed, never fewer
// than one, never another product's. Real local D1 and R2.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@worker/db/client";
import { products } from "@worker/db/schema";
import { createProduct, updateProduct } from "@worker/services/product-admin";
import { MAX_IMAGE_BYTES } from "@worker/storage/uploads";
import { makeWorkerContext } from "@worker/web/context";
import { imageSlots, saveProductForm } from "@worker/web/seller-forms";
import { insertProduct } from "../support/builders";
import { ORIGIN } from "../support/http";
import { PNG, VALID_PRODUCT, WEBP } from "../support/seller";

const store = () => ({ db: getDb(env), env });
const file = (bytes: Uint8Array, name = "new.png", type = "image/png") => ({ file: new File([bytes.slice()], name, { type }) });

async function imagesOf(id: string) {
  return (await getDb(env).query.products.findFirst({ where: eq(products.id, id) }))!.images;
}

async function storedKeys() {
  return (await env.IMAGES.list()).objects.map((o) => o.key);
}

describe("a product's pictures, slot by slot", () => {
  it("keeps pictures in the new order and puts a new file where it was chosen", async () => {
    const product = await insertProduct({ images: ["products/a.webp", "products/b.webp", "products/c.webp"] });
    const saved = await updateProduct(store(), product.id, VALID_PRODUCT, [{ keep: "products/c.webp" }, file(PNG), { keep: "products/a.webp" }]);
    expect(saved.images).toHaveLength(3);
    expect(saved.images[0]).toBe("products/c.webp");
    expect(saved.images[1]).toMatch(/^products\/[0-9a-f-]{36}\.png$/);
    expect(saved.images[2]).toBe("products/a.webp");
    expect(await storedKeys()).toEqual([saved.images[1]]);
  });

  it("a new product takes its files in the order of the slots", async () => {
    const created = await createProduct(store(), VALID_PRODUCT, [file(WEBP, "w.webp", "image/webp"), file(PNG)]);
    expect(created.images.map((key) => key.split(".").pop())).toEqual(["webp", "png"]);
  });

  it("refuses to leave a product without a picture, or with another product's, or one twice; nothing changes", async () => {
    const product = await insertProduct({ images: ["products/mine.webp"] });
    const cases: [Parameters<typeof updateProduct>[3], number, RegExp][] = [
      [[], 400, /Add at least one product image/],
      [[{ keep: "products/someone-elses.webp" }], 400, /not one of this product's/],
      [[{ keep: "products/mine.webp" }, { keep: "products/mine.webp" }], 400, /used once/],
      [Array.from({ length: 5 }, () => file(PNG)), 400, /at most 4 images/],
      [[file(new TextEncoder().encode("<svg onload=alert(1)>"), "x.png")], 400, /JPEG, PNG, WebP or AVIF/],
      [[file(new Uint8Array(MAX_IMAGE_BYTES + 1))], 413, /at most 2 MB/],
      [[{ file: "not a file" }], 400, /must be files/],
    ];
    for (const [images, status, message] of cases) {
      await expect(updateProduct(store(), product.id, VALID_PRODUCT, images), message.source).rejects.toMatchObject({
        status,
        message: expect.stringMatching(message),
      });
    }
    expect(await imagesOf(product.id)).toEqual(["products/mine.webp"]);
    expect(await storedKeys()).toEqual([]);
  });
});

/** The Add/Edit form as a browser posts it: the product's fields and the slots' fields. */
function formPost(slots: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...VALID_PRODUCT, price: "40", offerPrice: "35", ...slots })) form.set(name, value);
  return new Request(`${ORIGIN}/seller/products/x/edit`, { method: "POST", body: form });
}

describe("the product form's picture slots (worker/web/seller-forms.ts)", () => {
  const worker = () => makeWorkerContext(env, createExecutionContext());
  const emptyFile = () => new File([], "", { type: "application/octet-stream" });

  it("reads slot by slot: a new file replaces the slot's picture, a removed slot is skipped, empty file inputs are ignored", async () => {
    const product = await insertProduct({ images: ["products/a.webp", "products/b.webp", "products/c.webp"] });
    const saved = await saveProductForm(
      formPost({
        keep0: "products/c.webp",
        image0: emptyFile(),
        keep1: "products/a.webp",
        image1: new File([PNG.slice()], "new.png", { type: "image/png" }),
        keep2: "products/b.webp",
        remove2: "1",
        image3: emptyFile(),
      }),
      worker(),
      product.id,
    );
    expect(saved.images[0]).toBe("products/c.webp");
    expect(saved.images[1]).toMatch(/^products\/[0-9a-f-]{36}\.png$/);
    expect(saved.images).toHaveLength(2);
  });

  it("a file that is no picture is refused naming its slot and file, though it moved first; the API numbers its files in order", async () => {
    const product = await insertProduct({ images: ["products/a.webp"] });
    const corrupt = () => new File([new TextEncoder().encode("not really a picture")], "banana.png", { type: "image/png" });
    const refused = saveProductForm(formPost({ keep0: "products/a.webp", position0: "2", image2: corrupt(), position2: "1" }), worker(), product.id);
    // About the slot's own field (`image2`, slot 3): the form says it there.
    await expect(refused).rejects.toMatchObject({
      status: 400,
      message: "Image 3 (banana.png): Images must be JPEG, PNG, WebP or AVIF files",
      field: "image2",
    });
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], "huge.png", { type: "image/png" });
    await expect(
      updateProduct(store(), product.id, VALID_PRODUCT, [{ file: new File([PNG.slice()], "ok.png", { type: "image/png" }) }, { file: big }]),
    ).rejects.toMatchObject({
      status: 413,
      message: "Image 2 (huge.png): Each image must be at most 2 MB",
    });
    expect(await imagesOf(product.id)).toEqual(["products/a.webp"]);
    expect(await storedKeys()).toEqual([]);
  });

  it("orders the pictures by their Position fields (the select without JavaScript, the slot's own place with it)", () => {
    const keeps = (positions: (string | null)[]) => {
      const form = new FormData();
      ["a", "b", "c"].forEach((name, slot) => {
        form.set(`keep${slot}`, `products/${name}.webp`);
        const position = positions[slot];
        if (position !== null && position !== undefined) form.set(`position${slot}`, position);
      });
      return imageSlots(form)!.map((choice) => ("keep" in choice ? choice.keep.slice(9, 10) : "new"));
    };
    expect(keeps(["1", "2", "3"])).toEqual(["a", "b", "c"]); // each where it is: what the JS form posts
    expect(keeps([null, null, null])).toEqual(["a", "b", "c"]); // no positions: the slots' order
    expect(keeps(["1", "2", "1"])).toEqual(["c", "a", "b"]); // the third moved first, the others shift down
    expect(keeps(["3", "2", "3"])).toEqual(["b", "c", "a"]); // the first moved last
    expect(keeps(["2", "1", "3"])).toEqual(["b", "a", "c"]); // two swapped
    expect(keeps(["4", "2", "3"])).toEqual(["b", "c", "a"]); // past the last picture: last
  });

  it("a Position select moves a kept picture, and a new file chosen into a slot goes where that slot's position says", async () => {
    const product = await insertProduct({ images: ["products/a.webp", "products/b.webp", "products/c.webp"] });
    const moved = await saveProductForm(
      formPost({
        keep0: "products/a.webp",
        position0: "1",
        keep1: "products/b.webp",
        position1: "2",
        keep2: "products/c.webp",
        position2: "1",
        image3: emptyFile(),
      }),
      worker(),
      product.id,
    );
    expect(moved.images).toEqual(["products/c.webp", "products/a.webp", "products/b.webp"]);
    expect(await imagesOf(product.id)).toEqual(moved.images);

    const replaced = await saveProductForm(
      formPost({
        keep0: "products/c.webp",
        position0: "2",
        keep1: "products/a.webp",
        position1: "1",
        image1: new File([PNG.slice()], "new.png", { type: "image/png" }),
        keep2: "products/b.webp",
        remove2: "1",
        position2: "1",
      }),
      worker(),
      product.id,
    );
    expect(replaced.images[0]).toMatch(/^products\/[0-9a-f-]{36}\.png$/);
    expect(replaced.images.slice(1)).toEqual(["products/c.webp"]);
  });

  it("refuses a position that is not 1 to 4 with a 400 and changes nothing", async () => {
    const product = await insertProduct({ images: ["products/a.webp", "products/b.webp"] });
    for (const position of ["0", "5", "x", "1.5", ""]) {
      await expect(
        saveProductForm(formPost({ keep0: "products/a.webp", position0: position, keep1: "products/b.webp" }), worker(), product.id),
      ).rejects.toMatchObject({
        status: 400,
        message: "Choose each picture's position from the list",
      });
    }
    expect(await imagesOf(product.id)).toEqual(["products/a.webp", "products/b.webp"]);
  });

  it("every slot removed is refused; a post without any slot field keeps the pictures", async () => {
    const product = await insertProduct({ images: ["products/a.webp"] });
    await expect(saveProductForm(formPost({ keep0: "products/a.webp", remove0: "1" }), worker(), product.id)).rejects.toMatchObject({
      status: 400,
      message: "Add at least one product image",
    });
    const kept = await saveProductForm(formPost({ name: "Renamed Basil" }), worker(), product.id);
    expect(kept).toMatchObject({ name: "Renamed Basil", images: ["products/a.webp"] });
    // Adding needs a picture either way.
    await expect(saveProductForm(formPost({}), worker())).rejects.toMatchObject({ status: 400, message: "Add at least one product image" });
  });
});
