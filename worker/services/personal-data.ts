// A shopper's data rights (DPDP Act; ADR 074): a copy, and erasure; orders stay for GST's six years of records, without name, e-mail or phone.
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Store } from "@worker/db/client";
import { addresses, newsletterSubscribers, notifications, orders, users } from "@worker/db/schema";
import { HttpError, notFound, parseInput } from "@worker/errors";
import { verifyPassword } from "@worker/password";
import { emailField } from "@worker/validation/common";
import { endAllSessions } from "@worker/web/session";
import { toApiOrder } from "./orders";
import { toApiSavedAddress } from "./addresses";
import { readStoreSettings } from "./store-settings";

export const ERASED_NAME = "Erased account";
/** An erased account's: no hash verifies it. */
const NO_PASSWORD = "!";
export const ACCOUNT_DELETED = "The account is deleted: its orders are kept for the tax records, without the name, e-mail or phone";

const passwordConfirmation = z.strictObject({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200, "That password is not right"),
});

/** Everything kept about the shopper, as a JSON file they can read: the profile, addresses, orders and consents. */
export async function personalData({ db, env }: Store, userId: string) {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound("No account found");
  const [saved, placed, newsletter] = await db.batch([
    db.select().from(addresses).where(eq(addresses.userId, userId)),
    db.query.orders.findMany({ where: eq(orders.userId, userId), orderBy: desc(orders.createdAt), with: { items: true, refunds: true } }),
    db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: { name: user.name, email: user.email, createdAt: new Date(user.createdAt).toISOString(), cart: user.cartItems },
    addresses: saved.map((address) => toApiSavedAddress(address, address.isDefault)),
    orders: placed.map((order) => toApiOrder(order, env.APP_URL)),
    consents: newsletter.map(({ email, wording, createdAt, withdrawnAt }) => ({
      ...{ purpose: "newsletter", email, wording, givenAt: new Date(createdAt).toISOString() },
      withdrawnAt: withdrawnAt === null ? null : new Date(withdrawnAt).toISOString(),
    })),
  };
}

/** My Account's record of the newsletter's consent, if ever given. */
export async function newsletterConsent(db: Database, email: string) {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row ? { wording: row.wording, givenAt: row.createdAt, withdrawnAt: row.withdrawnAt } : null;
}

/** The newsletter's consent withdrawn (My Account), as easily as it was given. */
export async function withdrawNewsletter(db: Database, email: string): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ withdrawnAt: Date.now() })
    .where(and(eq(newsletterSubscribers.email, email), isNull(newsletterSubscribers.withdrawnAt)));
}

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** The Cron Trigger's sweep: accounts with no sign-in and no order for the store's retention period are erased, a few a run. */
export async function eraseInactiveAccounts(store: Store, now: number): Promise<number> {
  const { retentionYears } = await readStoreSettings(store.db);
  const due = await store.db
    .select({ id: users.id })
    .from(users)
    .where(lt(users.lastActiveAt, now - retentionYears * YEAR_MS))
    .limit(20);
  for (const { id } of due) await erasePersonalData(store, id);
  return due.length;
}

/** The shopper's own request, confirmed with their password. */
export async function eraseOwnAccount(store: Store, userId: string, input: unknown): Promise<void> {
  const { password } = parseInput(passwordConfirmation, input);
  const user = await store.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || !(await verifyPassword(password, user.passwordHash))) throw new HttpError(400, "That password is not right", {}, "password");
  await erasePersonalData(store, userId);
}

/** The seller's look at the account a shopper asks about by e-mail (null: none has it). */
export async function accountForRequest(db: Database, input: unknown) {
  const { email } = parseInput(z.strictObject({ email: emailField }), input);
  // Spelled out: drizzle writes a one-table select's columns without their table, which the subquery would take for its own.
  const orderCount = sql<number>`(SELECT count(*) FROM orders WHERE orders.user_id = users.id)`;
  const [account] = await db
    .select({ id: users.id, name: users.name, createdAt: users.createdAt, orders: orderCount })
    .from(users)
    .where(eq(users.email, email));
  return { email, account: account ?? null };
}

export async function accountByEmail(db: Database, input: unknown): Promise<string> {
  const { email, account } = await accountForRequest(db, input);
  if (!account) throw notFound(`No account has the e-mail ${email}`);
  return account.id;
}

/** Sign-in, addresses, cart, consents and messages go; orders keep their lines and place of supply, not the person. */
export async function erasePersonalData({ db, env }: Store, userId: string): Promise<void> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || user.passwordHash === NO_PASSWORD) throw notFound("No account found");
  const blank = { searchName: "", searchSurname: "", searchPhone: "", searchPhoneReversed: "", searchEmail: "" };
  await db.batch([
    db.delete(addresses).where(eq(addresses.userId, userId)),
    db.delete(notifications).where(eq(notifications.userId, userId)),
    db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email)),
    db
      .update(orders)
      .set({ ...blank, address: sql`json_set(${orders.address}, '$.firstName', ${ERASED_NAME}, '$.lastName', '', '$.email', '', '$.phone', '')` })
      .where(eq(orders.userId, userId)),
    // A tombstone for the orders' foreign key: no e-mail anyone can sign in with, no password that verifies.
    db
      .update(users)
      .set({ name: ERASED_NAME, email: `erased-${userId}@invalid`, passwordHash: NO_PASSWORD, cartItems: {}, lastActiveAt: null })
      .where(eq(users.id, userId)),
  ]);
  await endAllSessions(env, userId);
}
