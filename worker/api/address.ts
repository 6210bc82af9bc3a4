import { Hono } from "hono";
import { badRequest, parseInput } from "@worker/errors";
import { addressUpdateInput } from "@worker/validation/address";
import { addAddress, deleteAddress, listAddresses, setDefaultAddress, toApiSavedAddress, updateAddress } from "@worker/services/addresses";
import { requireShopper, type ApiEnv } from "./auth";
import { readJson } from "./body";

export const addressRoutes = new Hono<ApiEnv>()
  .post("/add", requireShopper, async (c) => {
    const body = (await readJson(c)) as { address?: unknown };
    if (typeof body !== "object" || body === null || typeof body.address !== "object") throw badRequest("Send the address as { address: {...} }");
    const address = await addAddress(c.var.db, c.var.user.id, body.address);
    return c.json({ success: true, msg: "Address added successfully", address: toApiSavedAddress(address, address.isDefault) }, 201);
  })
  // The spec says POST; its client sends GET and reads `addresses`: both methods, both names.
  .on(["GET", "POST"], "/get", requireShopper, async (c) => {
    const list = (await listAddresses(c.var.db, c.var.user.id)).map((a, i) => toApiSavedAddress(a, i === 0));
    return c.json({ success: true, address: list, addresses: list, msg: "" });
  })
  .post("/update", requireShopper, async (c) => {
    const { id, address: fields } = parseInput(addressUpdateInput, await readJson(c));
    const address = await updateAddress(c.var.db, c.var.user.id, id, fields);
    return c.json({ success: true, msg: "Address updated", address: toApiSavedAddress(address, address.isDefault) });
  })
  .post("/delete", requireShopper, async (c) => {
    await deleteAddress(c.var.db, c.var.user.id, await readJson(c));
    return c.json({ success: true, msg: "Address deleted" });
  })
  .post("/default", requireShopper, async (c) => {
    await setDefaultAddress(c.var.db, c.var.user.id, await readJson(c));
    return c.json({ success: true, msg: "Default address changed" });
  });
