import { eq } from "drizzle-orm";
import { MAX_LINE_QUANTITY, type CartItems } from "@shared/cart";
import type { Database } from "@worker/db/client";
import { isDbError } from "@worker/db/errors";
import { users, type User } from "@worker/db/schema";
import { conflict, HttpError, parseInput } from "@worker/errors";
import { decoyHash, hashPassword, verifyPassword } from "@worker/password";
import { INVALID_LOGIN, loginInput, registerInput } from "@worker/validation/account";
import { deliveryAddressQuery } from "./addresses";
import { knownCartItems, savedCartPricesQuery, storeCart, toPrices } from "./cart";
import { storeSettingsQuery, toStoreSettings } from "./store-settings";

const EMAIL_TAKEN = "An account with this e-mail already exists. Try logging in.";

export const publicUser = (user: User) => ({ _id: user.id, name: user.name, email: user.email, cartItems: user.cartItems });

export async function register(db: Database, input: unknown, guestCart: CartItems = {}): Promise<User> {
  const { name, email, password } = parseInput(registerInput, input);
  if (await db.query.users.findFirst({ where: eq(users.email, email), columns: { id: true } })) throw conflict(EMAIL_TAKEN, "email");
  const passwordHash = await hashPassword(password);
  try {
    const cartItems = await knownCartItems(db, guestCart);
    const [user] = await db
      .insert(users)
      .values({ id: crypto.randomUUID(), name, email, passwordHash, cartItems, createdAt: Date.now(), lastActiveAt: Date.now() })
      .returning();
    return user!;
  } catch (error) {
    // Two sign-ups for one address at the same moment: the unique index decides.
    if (isDbError(error, "UNIQUE")) throw conflict(EMAIL_TAKEN, "email");
    throw error;
  }
}

/** Unknown e-mail and wrong password cost the same. `earlierItems`: saved products the guest cart did not show. */
export async function login(db: Database, input: unknown, guestCart: CartItems = {}): Promise<{ user: User; earlierItems: number }> {
  const { email, password } = parseInput(loginInput, input);
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) throw new HttpError(401, INVALID_LOGIN);
  await db.update(users).set({ lastActiveAt: Date.now() }).where(eq(users.id, user.id)); // the retention sweep's clock (ADR 074)

  if (Object.keys(guestCart).length === 0) return { user, earlierItems: 0 };
  const merged = await storeCart(db, user.id, mergeCarts(user.cartItems, guestCart));
  const earlierItems = Object.keys(merged).filter((id) => !(id in guestCart)).length;
  return { user: { ...user, cartItems: merged }, earlierItems };
}

export function mergeCarts(saved: CartItems, guest: CartItems): CartItems {
  const merged: CartItems = { ...saved };
  for (const [id, qty] of Object.entries(guest)) merged[id] = Math.min(Math.max(merged[id] ?? 0, qty), MAX_LINE_QUANTITY);
  return merged;
}

/** What every page needs of a signed-in shopper, in one round trip (ADR 011); `found` null when the account is gone. */
export async function shopperForPages(db: Database, userId: string) {
  const [account, address, priced, settings] = await db.batch([
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    deliveryAddressQuery(db, userId),
    savedCartPricesQuery(db, userId),
    storeSettingsQuery(db),
  ]);
  const found = account[0] ? { user: account[0], deliveryAddress: address[0] ?? null, prices: toPrices(priced) } : null;
  return { found, settings: toStoreSettings(settings) };
}
