/** A shopper account's limits: the server's schema (worker/validation/account.ts) and the sign-up form say the same. */
export const NAME_MAX = 80;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;
