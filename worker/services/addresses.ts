/**
 * Delivery addresses: each belongs to one shopper, and only they ever see or use it. One of them
 * is the default (preselected at checkout; its PIN is the top bar's "Deliver to"): the one the
 * shopper chose or last ordered to, else their newest. The database keeps at most one chosen per
 * shopper.
 */
import { and, desc, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { addresses, users, type Address, type AddressSnapshot } from "@worker/db/schema";
import { HttpError, notFound, parseInput } from "@worker/errors";
import { addressIdInput, addressInput, addressUpdateInput } from "@worker/validation/address";
import { statesOfPincode } from "./pincode-regions";
import { storeSettingsQuery, toStoreSettings, type StoreSettings } from "./store-settings";

export const MAX_ADDRESSES = 50;
export const ADDRESS_NOT_FOUND = "Address not found";

/** Chosen default first, then newest first: the first one is the shopper's default. */
const defaultFirst = [desc(addresses.isDefault), desc(addresses.createdAt)];

export async function addAddress(db: Database, userId: string, input: unknown): Promise<Address> {
  const { isDefault, ...fields } = parseInput(addressInput, input);
  const id = crypto.randomUUID();
  // The cap is part of the statements that write (ADR 065): concurrent adds cannot pass it together.
  const hasRoom = sql`(SELECT count(*) FROM ${addresses} WHERE ${addresses.userId} = ${userId}) < ${MAX_ADDRESSES}`;
  const values: Record<keyof Address, SQL> = {
    ...(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, sql`${value}`])) as Record<keyof typeof fields, SQL>),
    id: sql`${id}`,
    userId: sql`${userId}`,
    // The shopper's first address is their default, whatever they ticked.
    isDefault: isDefault ? sql`1` : sql`NOT EXISTS (SELECT 1 FROM ${addresses} WHERE ${addresses.userId} = ${userId})`,
    createdAt: sql`${Date.now()}`,
  };
  const row = sql.join(
    Object.keys(getTableColumns(addresses)).map((key) => values[key as keyof Address]),
    sql`, `,
  );
  const insert = db
    .insert(addresses)
    .select(sql`SELECT ${row} WHERE ${hasRoom}`)
    .returning();
  const clearDefault = db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), hasRoom));
  const [added] = isDefault ? (await db.batch([clearDefault, insert]))[1] : await insert;
  if (!added) throw new HttpError(409, `You can save at most ${MAX_ADDRESSES} addresses`);
  return added;
}

/** Change a saved address (all its fields, as the add form sends them); `isDefault` also makes it the default. */
export async function updateAddress(db: Database, userId: string, addressId: string, input: unknown): Promise<Address> {
  const { isDefault, ...fields } = parseInput(addressInput, input);
  const update = db
    .update(addresses)
    .set(isDefault ? { ...fields, isDefault: true } : fields)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning();
  const [updated] = isDefault ? (await db.batch([unsetOtherDefaults(db, userId, addressId), update]))[1] : await update;
  if (!updated) throw notFound(ADDRESS_NOT_FOUND);
  return updated;
}

/** The API's edit: `{ id, address }`. */
export function updateAddressFromApi(db: Database, userId: string, input: unknown): Promise<Address> {
  const { id, address } = parseInput(addressUpdateInput, input);
  return updateAddress(db, userId, id, address);
}

/** Forget a saved address (orders keep their own copy). If it was the default, the newest left becomes it. */
export async function deleteAddress(db: Database, userId: string, input: unknown): Promise<void> {
  const { id } = parseInput(addressIdInput, input);
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (deleted.length === 0) throw notFound(ADDRESS_NOT_FOUND);
}

/** Make one of the shopper's addresses their default. */
export async function setDefaultAddress(db: Database, userId: string, input: unknown): Promise<void> {
  const { id } = parseInput(addressIdInput, input);
  const [, chosen] = await db.batch(makeDefaultStatements(db, userId, id));
  if (chosen.length === 0) throw notFound(ADDRESS_NOT_FOUND);
}

/**
 * The two statements that make an address of the shopper's their default, for a caller's batch
 * (placing an order makes its address the default: the top bar then shows where they last had
 * things delivered). The second returns the address's id, none if it is not theirs.
 */
export function makeDefaultStatements(db: Database, userId: string, addressId: string) {
  return [
    unsetOtherDefaults(db, userId, addressId),
    db
      .update(addresses)
      .set({ isDefault: true })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ id: addresses.id }),
  ] as const;
}

/**
 * Clear the shopper's chosen default before another is chosen, in the same batch. Only when the
 * one to choose is theirs: another shopper's id (a 404) leaves everything as it was.
 */
function unsetOtherDefaults(db: Database, userId: string, chosenId: string) {
  return db
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
}

/** The shopper's addresses, their default first (awaitable or part of a batch). */
export function listAddresses(db: Database, userId: string) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(...defaultFirst);
}

/** An address as the shopper's pages show it, from `listAddresses` (whose first is the default). */
export function toSavedAddress(address: Address, index: number) {
  return { ...toAddressSnapshot(address), isDefault: index === 0 };
}
export type SavedAddress = ReturnType<typeof toSavedAddress>;

/** The shopper's delivery address (the default, else the newest: PIN and state), as a query for the caller's batch. */
export function deliveryAddressQuery(db: Database, userId: string) {
  return db
    .select({ zipCode: addresses.zipCode, state: addresses.state })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(...defaultFirst)
    .limit(1);
}

/** The address if it is this shopper's; another shopper's id is as unknown as a made-up one. */
export async function ownedAddress(db: Database, userId: string, addressId: string): Promise<Address | undefined> {
  return (await ownedAddressQuery(db, userId, addressId))[0];
}

/** The same lookup for a caller's own batch (a plain select: drizzle's relational findFirst fails in a batch when nothing matches). */
export function ownedAddressQuery(db: Database, userId: string, addressId: string) {
  return db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
}

/**
 * What a new address starts with: the account's name and e-mail (most orders come home), and the
 * pincode checked in the top bar with its state when only one state has it.
 */
export function newAddressPrefill(user: { name: string; email: string }, pincode: string | null): Partial<AddressSnapshot> {
  const [firstName = "", ...rest] = user.name.trim().split(/\s+/);
  const states = pincode ? statesOfPincode(pincode) : [];
  return {
    firstName,
    lastName: rest.join(" "),
    email: user.email,
    ...(pincode ? { zipCode: pincode } : {}),
    ...(states.length === 1 ? { state: states[0] } : {}),
  };
}

export function toAddressSnapshot({ userId: _userId, createdAt: _createdAt, isDefault: _isDefault, ...address }: Address): AddressSnapshot {
  return address;
}

/** The spec's JSON shape of an address, with the zip under both spellings its clients read. */
export function toApiAddress(address: AddressSnapshot) {
  const { id, ...fields } = address;
  return { _id: id, ...fields, zipcode: fields.zipCode };
}

/** A saved address in the API's answers: the spec's shape and whether it is the default. */
export function toApiSavedAddress(address: Address, isDefault: boolean) {
  return { ...toApiAddress(toAddressSnapshot(address)), isDefault };
}

/** The address book in one round trip: the account (it may be gone), its addresses (default first) and the store's settings (each address's delivery promise). */
export async function addressBookPage(db: Database, userId: string): Promise<{ userExists: boolean; addresses: Address[]; settings: StoreSettings }> {
  const [account, list, settings] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1),
    listAddresses(db, userId),
    storeSettingsQuery(db),
  ]);
  return { userExists: account.length > 0, addresses: list, settings: toStoreSettings(settings) };
}
