/** Delivery addresses: each belongs to one shopper, and only they ever see or use it. */
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { addresses, type Address, type AddressSnapshot } from "@worker/db/schema";
import { HttpError, parseInput } from "@worker/errors";
import { addressInput } from "@worker/validation/address";

export const MAX_ADDRESSES = 50;

export async function addAddress(db: Database, userId: string, input: unknown): Promise<Address> {
  const fields = parseInput(addressInput, input);
  const existing = await db.$count(addresses, eq(addresses.userId, userId));
  if (existing >= MAX_ADDRESSES) throw new HttpError(409, `You can save at most ${MAX_ADDRESSES} addresses`);
  const [address] = await db
    .insert(addresses)
    .values({ ...fields, id: crypto.randomUUID(), userId, createdAt: Date.now() })
    .returning();
  return address!;
}

export async function listAddresses(db: Database, userId: string): Promise<Address[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.createdAt));
}

/** The address if it is this shopper's; another shopper's id is as unknown as a made-up one. */
export async function ownedAddress(db: Database, userId: string, addressId: string): Promise<Address | undefined> {
  return db.query.addresses.findFirst({ where: and(eq(addresses.id, addressId), eq(addresses.userId, userId)) });
}

export function toAddressSnapshot({ userId: _userId, createdAt: _createdAt, ...address }: Address): AddressSnapshot {
  return address;
}

/** The spec's JSON shape of an address, with the zip under both spellings its clients read. */
export function toApiAddress(address: AddressSnapshot) {
  const { id, ...fields } = address;
  return { _id: id, ...fields, zipcode: fields.zipCode };
}
