// Bindings and configuration of the Worker (wrangler.toml [vars], secrets from .dev.vars or `wrangler secret put`).
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    SESSIONS: KVNamespace;
    IMAGES: R2Bucket;
    /** The one writer of the catalogue version key (worker/catalog-purge.ts, ADR 024). */
    CATALOG_PURGE: DurableObjectNamespace;
    /** The store's event queue (worker/events, ADR 041); absent in a branch Preview, which handles events inline. */
    STORE_EVENTS?: Queue<import("./validation/events").StoreEvent>;
    /** The brakes (limits in worker/security/rate-limit.ts RATE_LIMITS, repeated in wrangler.toml). */
    AUTH_LIMITER: RateLimit;
    ACCOUNT_LIMITER: RateLimit;
    ADDRESS_LIMITER: RateLimit;
    ORDER_LIMITER: RateLimit;
    PAYMENT_LIMITER: RateLimit;
    NEWSLETTER_LIMITER: RateLimit;
    /** Public origin of the store, e.g. https://shop.example.com (no trailing slash). */
    APP_URL: string;
    /** Other front ends allowed to call /api with credentials, comma-separated origins (CORS). */
    CORS_ORIGINS?: string;
    SESSION_SECRET?: string;
    SELLER_EMAIL?: string;
    SELLER_PASSWORD?: string;
    STRIPE_SECRET_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    /** Tests only: points the Stripe client at the in-repo fake, e.g. http://127.0.0.1:12111 */
    STRIPE_API_BASE?: string;
  }
}

type Env = Cloudflare.Env;
