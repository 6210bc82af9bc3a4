/** Shoppers' own addresses. The default is the one chosen or last ordered to, else the newest; at most one chosen per shopper. */
import { and, desc, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { addresses, users, type Address, type AddressSnapshot } from "@worker/db/schema";
import { HttpError, notFound, parseInput } from "@worker/errors";
import { addressIdInput, addressInput } from "@worker/validation/address";
import { statesOfPincode } from "./pincode-regions";
import { storeSettingsQuery, toStoreSettings, type StoreSettings } from "./store-settings";

export const MAX_ADDRESSES = 50;
export const ADDRESS_NOT_FOUND = "Address not found";

const defaultFirst = [desc(addresses.isDefault), desc(addresses.createdAt)];
const ownedBy = (userId: string, addressId: string) => and(eq(addresses.id, addressId), eq(addresses.userId, userId));

export async function addAddress(db: Database, userId: string, input: unknown): Promise<Address> {
  const { isDefault, ...fields } = parseInput(addressInput, input);
  const id = crypto.randomUUID();
  // The cap is part of the statements that write, so concurrent adds cannot pass it together (ADR 065).
  const hasRoom = sql`(SELECT count(*) FROM ${addresses} WHERE ${addresses.userId} = ${userId}) < ${MAX_ADDRESSES}`;
  const values: Record<keyof Address, SQL> = {
    ...(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, sql`${value}`])) as Record<keyof typeof fields, SQL>),
    id: sql`${id}`,
    userId: sql`${userId}`,
    isDefault: isDefault ? sql`1` : sql`NOT EXISTS (SELECT 1 FROM ${addresses} WHERE ${addresses.userId} = ${userId})`,
    createdAt: sql`${Date.now()}`,
  };
  const row = Object.keys(getTableColumns(addresses)).map((key) => values[key as keyof Address]);
  const rowIfRoom = sql`SELECT ${sql.join(row, sql`, `)} WHERE ${hasRoom}`;
  const insert = db.insert(addresses).select(rowIfRoom).returning();
  const clearDefault = db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), hasRoom));
  const [added] = isDefault ? (await db.batch([clearDefault, insert]))[1] : await insert;
  if (!added) throw new HttpError(409, `You can save at most ${MAX_ADDRESSES} addresses`);
  return added;
}

/** Change all of a saved address's fields; `isDefault` also makes it the default. */
export async function updateAddress(db: Database, userId: string, addressId: string, input: unknown): Promise<Address> {
  const { isDefault, ...fields } = parseInput(addressInput, input);
  const values = isDefault ? { ...fields, isDefault: true } : fields;
  const update = db.update(addresses).set(values).where(ownedBy(userId, addressId)).returning();
  const [updated] = isDefault ? (await db.batch([unsetOtherDefaults(db, userId, addressId), update]))[1] : await update;
  if (!updated) throw notFound(ADDRESS_NOT_FOUND);
  return updated;
}

/** Orders keep their own copy; the newest left becomes the default. */
export async function deleteAddress(db: Database, userId: string, input: unknown): Promise<void> {
  const { id } = parseInput(addressIdInput, input);
  const deleted = await db.delete(addresses).where(ownedBy(userId, id)).returning({ id: addresses.id });
  if (deleted.length === 0) throw notFound(ADDRESS_NOT_FOUND);
}

export async function setDefaultAddress(db: Database, userId: string, input: unknown): Promise<void> {
  const { id } = parseInput(addressIdInput, input);
  const [, chosen] = await db.batch(makeDefaultStatements(db, userId, id));
  if (chosen.length === 0) throw notFound(ADDRESS_NOT_FOUND);
}

/** For a caller's batch; the second returns the address's id, none if it is not theirs. */
export const makeDefaultStatements = (db: Database, userId: string, addressId: string) =>
  [
    unsetOtherDefaults(db, userId, addressId),
    db.update(addresses).set({ isDefault: true }).where(ownedBy(userId, addressId)).returning({ id: addresses.id }),
  ] as const;

/** Only when the one to choose is theirs: another shopper's id (a 404) changes nothing. */
const unsetOtherDefaults = (db: Database, userId: string, chosenId: string) =>
  db
    .update(addresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isDefault, true),
        ne(addresses.id, chosenId),
        sql`EXISTS (SELECT 1 FROM addresses AS chosen WHERE chosen.id = ${chosenId} AND chosen.user_id = ${userId})`,
      ),
    );

export const listAddresses = (db: Database, userId: string) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(...defaultFirst);

export const toSavedAddress = (address: Address, index: number) => ({ ...toAddressSnapshot(address), isDefault: index === 0 });
export type SavedAddress = ReturnType<typeof toSavedAddress>;

/** The default address's PIN and state, for the caller's batch. */
export const deliveryAddressQuery = (db: Database, userId: string) =>
  db
    .select({ zipCode: addresses.zipCode, state: addresses.state })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(...defaultFirst)
    .limit(1);

/** A plain select: drizzle's relational findFirst fails in a batch when nothing matches. */
export const ownedAddressQuery = (db: Database, userId: string, addressId: string) => db.select().from(addresses).where(ownedBy(userId, addressId)).limit(1);

/** A new address starts with the account's name and e-mail, and the top bar's pincode (with its state when only one has it). */
export function newAddressPrefill(user: { name: string; email: string }, pincode: string | null): Partial<AddressSnapshot> {
  const [firstName = "", ...rest] = user.name.trim().split(/\s+/);
  const states = pincode ? statesOfPincode(pincode) : [];
  return { firstName, lastName: rest.join(" "), email: user.email, ...(pincode && { zipCode: pincode }), ...(states.length === 1 && { state: states[0] }) };
}

export const toAddressSnapshot = ({ userId: _userId, createdAt: _createdAt, isDefault: _isDefault, ...address }: Address): AddressSnapshot => address;

/** The spec's JSON shape of an address, with the zip under both spellings its clients read. */
export const toApiAddress = ({ id, ...fields }: AddressSnapshot) => ({ _id: id, ...fields, zipcode: fields.zipCode });

export const toApiSavedAddress = (address: Address, isDefault: boolean) => ({ ...toApiAddress(toAddressSnapshot(address)), isDefault });

/** The address book in one round trip (the account may be gone). */
export async function addressBookPage(db: Database, userId: string): Promise<{ userExists: boolean; addresses: Address[]; settings: StoreSettings }> {
  const [account, list, settings] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1),
    listAddresses(db, userId),
    storeSettingsQuery(db),
  ]);
  return { userExists: account.length > 0, addresses: list, settings: toStoreSettings(settings) };
}
