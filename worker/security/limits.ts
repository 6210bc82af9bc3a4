// Every brake's limit (SECURITY.md, ADR 065), per address far above its honest shoppers (CGNAT). No imports: scripts/check-deploy.ts reads it.

/** The rate-limit bindings: calls per key per window (10 or 60 seconds). */
export const RATE_LIMITS = {
  /** Shopper logins and sign-ups per account and address; seller logins per address. */
  AUTH_LIMITER: { limit: 10, period: 60 },
  /** Logins per account from anywhere (shopper's and seller's). */
  ACCOUNT_LIMITER: { limit: 30, period: 60 },
  /** Shopper logins per address, whatever the account (password spraying). */
  ADDRESS_LIMITER: { limit: 30, period: 60 },
  /** Orders placed per shopper (each may open a Stripe checkout, or close waiting ones). */
  ORDER_LIMITER: { limit: 10, period: 60 },
  /** Other requests of one person that call Stripe: Pay now, cancelling a card order that waits for its payment. */
  PAYMENT_LIMITER: { limit: 10, period: 60 },
  /** Newsletter sign-ups per address. */
  NEWSLETTER_LIMITER: { limit: 5, period: 60 },
} as const satisfies Record<string, { limit: number; period: 10 | 60 }>;

const HOUR_MS = 60 * 60 * 1000;

/** Longer windows, counted in D1. */
export const WINDOW_LIMITS = {
  /** Sign-up attempts per address (each creates an account or says the e-mail has one). */
  signUps: { limit: 20, windowMs: HOUR_MS, msg: "Too many sign-ups from your network. Please try again later." },
  /** Failed shopper logins per address, whatever the account (slow password spraying). */
  failedLogins: { limit: 100, windowMs: HOUR_MS, msg: "Too many failed logins from your network. Please try again later." },
} as const;
