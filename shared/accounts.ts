/** A shopper account's limits: the server's schema (worker/validation/account.ts) and the sign-up form say the same. */
export const NAME_MAX = 80;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;
/** The newsletter's notice, shown by the form and kept with each consent (ADR 074). */
export const NEWSLETTER_NOTICE = "Subscribe to get the latest offers, new arrivals, and exclusive discounts.";
