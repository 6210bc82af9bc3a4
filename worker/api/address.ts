import { Hono } from "hono";
import { badRequest } from "@worker/errors";
import { addAddress, listAddresses, toAddressSnapshot, toApiAddress } from "@worker/services/addresses";
import { requireShopper } from "./auth";
import { readJson } from "./body";
import type { ApiEnv } from "./types";

export const addressRoutes = new Hono<ApiEnv>()
  .post("/add", requireShopper, async (c) => {
    const body = (await readJson(c)) as { address?: unknown };
    if (typeof body !== "object" || body === null || typeof body.address !== "object") throw badRequest("Send the address as { address: {...} }");
    const address = await addAddress(c.var.db, c.var.user.id, body.address);
    return c.json({ success: true, msg: "Address added successfully", address: toApiAddress(toAddressSnapshot(address)) }, 201);
  })
  // The spec says POST; its client sends GET and reads `addresses`: both methods, both names.
  .on(["GET", "POST"], "/get", requireShopper, async (c) => {
    const list = (await listAddresses(c.var.db, c.var.user.id)).map((a) => toApiAddress(toAddressSnapshot(a)));
    return c.json({ success: true, address: list, addresses: list, msg: "" });
  });
