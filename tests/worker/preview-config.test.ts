// What a branch's Worker Preview is bound to (scripts/preview-config.ts, ADR 025) and which
// migrations may ship before the code that stops needing a column (scripts/migration-rules.ts,
// ADR 026). `npm run test:deploy` runs the same functions on the real build's configuration.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@worker/security/limits";
import { contractProblems } from "../../scripts/migration-rules";
import {
  asPreviewRuns,
  previewIsolationProblems,
  previewName,
  previewResourceNames,
  rateLimitProblems,
  withPreviewResources,
  type WranglerConfig,
} from "../../scripts/preview-config";

declare global {
  namespace Cloudflare {
    interface Env {
      /** wrangler.toml's rate limits and cron triggers, as vitest.config.ts read them. */
      WRANGLER_CONFIG: string;
    }
  }
}

/** Production's bindings as wrangler.toml has them, and a previews block as committed. */
function config(): WranglerConfig {
  return {
    name: "edge-grocery",
    vars: { APP_URL: "https://shop.example" },
    d1_databases: [{ binding: "DB", database_name: "grocery", database_id: "prod-db-id" }],
    kv_namespaces: [{ binding: "SESSIONS", id: "prod-kv-id" }],
    r2_buckets: [{ binding: "IMAGES", bucket_name: "grocery-images" }],
    ratelimits: [{ name: "AUTH_LIMITER", namespace_id: "1001" }],
    durable_objects: { bindings: [{ name: "COUNTER", class_name: "Counter" }] },
    queues: { producers: [{ binding: "STORE_EVENTS", queue: "grocery-store-events" }], consumers: [{ queue: "grocery-store-events" }] },
    previews: {
      vars: { APP_URL: "https://preview.invalid" },
      d1_databases: [{ binding: "DB" }],
      kv_namespaces: [{ binding: "SESSIONS" }],
      r2_buckets: [{ binding: "IMAGES" }],
      ratelimits: [{ name: "AUTH_LIMITER", namespace_id: "2001" }],
      durable_objects: { bindings: [{ name: "COUNTER", class_name: "Counter" }] },
    },
  };
}

const OWN = { databaseName: "grocery-preview-x", databaseId: "preview-db-id", sessionsId: "preview-kv-id", imagesBucket: "grocery-images-preview-x" };

describe("a branch's Preview cannot reach production", () => {
  it("names Previews after branches in DNS-safe form, and their resources after the Preview", () => {
    expect(previewName("feature/New-Checkout_v2")).toBe("feature-new-checkout-v2");
    expect(previewName("--Fix--")).toBe("fix");
    expect(previewName(`x/${"a".repeat(60)}`)).toHaveLength(40);
    expect(() => previewName("///")).toThrow();
    const names = previewResourceNames(previewName(`x/${"a".repeat(60)}`));
    expect(names.images.length).toBeLessThanOrEqual(63); // R2's limit on bucket names
    expect(Object.values(names)).not.toContain("grocery");
  });

  it("binds the previews block to the branch's own resources and URL, leaving production's bindings alone", () => {
    const bound = withPreviewResources(config(), OWN, "https://x-edge-grocery.acme.workers.dev");
    expect(bound.previews?.d1_databases).toEqual([{ binding: "DB", database_name: OWN.databaseName, database_id: OWN.databaseId }]);
    expect(bound.previews?.kv_namespaces).toEqual([{ binding: "SESSIONS", id: OWN.sessionsId }]);
    expect(bound.previews?.r2_buckets).toEqual([{ binding: "IMAGES", bucket_name: OWN.imagesBucket }]);
    expect(bound.previews?.vars?.APP_URL).toBe("https://x-edge-grocery.acme.workers.dev");
    expect(bound.d1_databases).toEqual(config().d1_databases);
    expect(previewIsolationProblems(bound, { requireResources: true })).toEqual([]);
    expect(asPreviewRuns(bound)).toMatchObject({
      d1_databases: bound.previews?.d1_databases,
      kv_namespaces: bound.previews?.kv_namespaces,
      previews: undefined,
    });
  });

  it("the committed block may leave resources unnamed (Wrangler creates new ones), but CI's may not", () => {
    expect(previewIsolationProblems(config(), { requireResources: false })).toEqual([]);
    expect(previewIsolationProblems(config(), { requireResources: true })).toHaveLength(3);
  });

  it("refuses a Preview bound to production's database, namespace, bucket, rate limits, URL or another Worker's objects", () => {
    const leaks: [string, (c: WranglerConfig) => void][] = [
      ["database id", (c) => (c.previews!.d1_databases = [{ binding: "DB", database_name: "x", database_id: "prod-db-id" }])],
      ["database name", (c) => (c.previews!.d1_databases = [{ binding: "DB", database_name: "grocery", database_id: "y" }])],
      ["namespace", (c) => (c.previews!.kv_namespaces = [{ binding: "SESSIONS", id: "prod-kv-id" }])],
      ["bucket", (c) => (c.previews!.r2_buckets = [{ binding: "IMAGES", bucket_name: "grocery-images" }])],
      ["rate limits", (c) => (c.previews!.ratelimits = [{ name: "AUTH_LIMITER", namespace_id: "1001" }])],
      ["URL", (c) => (c.previews!.vars = { APP_URL: "https://shop.example" })],
      ["objects", (c) => (c.previews!.durable_objects = { bindings: [{ name: "COUNTER", class_name: "Counter", script_name: "edge-grocery-prod" }] })],
      ["queue", (c) => (c.previews!.queues = { producers: [{ binding: "STORE_EVENTS", queue: "grocery-store-events" }] })],
    ];
    for (const [what, leak] of leaks) {
      const c = config();
      leak(c);
      expect(previewIsolationProblems(c, { requireResources: false }), what).toHaveLength(1);
    }
  });

  it("runs a Preview without production's queue: no producer, no consumer (events are handled inline, ADR 041)", () => {
    expect(asPreviewRuns(config()).queues).toBeUndefined();
    expect(previewIsolationProblems(config(), { requireResources: false })).toEqual([]);
  });

  it("refuses a Preview that lacks one of production's bindings, or has no previews block", () => {
    const c = config();
    c.previews!.kv_namespaces = [];
    expect(previewIsolationProblems(c, { requireResources: false })).toEqual([expect.stringContaining("SESSIONS has no Preview binding")]);
    expect(previewIsolationProblems({ ...config(), previews: undefined }, { requireResources: false })).toHaveLength(1);
  });
});

describe("migrations expand, then contract", () => {
  it("lets through what the running version ignores", () => {
    for (const sql of [
      "CREATE TABLE `wishlists` (`id` text PRIMARY KEY NOT NULL, `user_id` text NOT NULL);",
      "ALTER TABLE `orders` ADD `stock_returned` integer DEFAULT false NOT NULL;",
      "ALTER TABLE `products` ADD `note` text;",
      "CREATE INDEX `orders_user_idx` ON `orders` (`user_id`);",
      "DROP TRIGGER `products_sold_out`;--> statement-breakpoint\nCREATE TRIGGER t AFTER UPDATE ON products BEGIN UPDATE products SET in_stock = 1; END;",
    ]) {
      expect(contractProblems(sql), sql).toEqual([]);
    }
  });

  it("refuses what would break it, unless marked as a contract step", () => {
    for (const sql of [
      "DROP TABLE `newsletter_subscribers`;",
      "ALTER TABLE `products` DROP COLUMN `weight`;",
      "ALTER TABLE `products` RENAME COLUMN `weight` TO `net_weight`;",
      "ALTER TABLE `orders` ADD `region` text NOT NULL;",
      // drizzle-kit's table rebuild: a new table, copy, drop, rename.
      "CREATE TABLE `__new_users` (`id` text);--> statement-breakpoint\nINSERT INTO `__new_users` SELECT `id` FROM `users`;--> statement-breakpoint\nDROP TABLE `users`;--> statement-breakpoint\nALTER TABLE `__new_users` RENAME TO `users`;",
    ]) {
      expect(contractProblems(sql), sql).not.toEqual([]);
      expect(contractProblems(`-- contract: no released version reads it since 0009\n${sql}`), sql).toEqual([]);
    }
    expect(contractProblems("-- DROP TABLE `users`; (a comment)\nSELECT 1;")).toEqual([]);
  });
});

describe("the rate limits live in the code (worker/security/limits.ts); wrangler.toml repeats them", () => {
  it("wrangler.toml's rate-limit bindings, production's and the previews block's, are exactly the code's", () => {
    const committed = JSON.parse(env.WRANGLER_CONFIG) as WranglerConfig;
    expect(rateLimitProblems(committed, RATE_LIMITS)).toEqual([]);
    expect(committed.ratelimits?.map((b) => b.name).sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it("names a binding whose limit differs, is missing, or is not the code's, in either block", () => {
    const limits = { AUTH_LIMITER: { limit: 10, period: 60 }, ORDER_LIMITER: { limit: 10, period: 60 } };
    const agreeing = {
      ...config(),
      ratelimits: [
        { name: "AUTH_LIMITER", namespace_id: "1001", simple: { limit: 10, period: 60 } },
        { name: "ORDER_LIMITER", namespace_id: "1003", simple: { limit: 10, period: 60 } },
      ],
    };
    agreeing.previews = {
      ...agreeing.previews,
      ratelimits: [
        { name: "AUTH_LIMITER", namespace_id: "2001", simple: { limit: 10, period: 60 } },
        { name: "ORDER_LIMITER", namespace_id: "2003", simple: { limit: 10, period: 60 } },
      ],
    };
    expect(rateLimitProblems(agreeing, limits)).toEqual([]);
    const drifted = structuredClone(agreeing);
    drifted.previews!.ratelimits![1]!.simple = { limit: 100, period: 60 };
    expect(rateLimitProblems(drifted, limits)).toEqual(["the previews block limits ORDER_LIMITER to 100 per 60 s; the code says 10 per 60 s."]);
    const missing = structuredClone(agreeing);
    missing.ratelimits!.pop();
    missing.previews!.ratelimits!.push({ name: "EXTRA_LIMITER", namespace_id: "2009", simple: { limit: 1, period: 10 } });
    expect(rateLimitProblems(missing, limits)).toEqual([
      "wrangler.toml has no rate limit ORDER_LIMITER (10 per 60 s).",
      "the previews block has a rate limit EXTRA_LIMITER the code does not declare.",
    ]);
  });
});
