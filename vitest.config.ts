import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { availableParallelism } from "node:os";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { experimental_readRawConfig } from "wrangler";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } from "./scripts/fake-stripe.ts";

// Runtime tests: each test file runs inside workerd with real local D1, KV and R2 (miniflare),
// migrated with the same SQL files wrangler applies. The Worker is the production one
// (wrangler.toml's main): React Router's plugin serves its pages from source, as in development;
// the rest of vite.config.ts (Tailwind, the bundle checks) is for the app's build only.
/**
 * Stripe's package ships source maps that name sources it does not publish, and Vite warns once
 * per module: some 200 lines in every run about a dependency's packaging, none of them ours to
 * fix. Vitest installs its own logger, so the filter goes on the resolved one.
 */
const quietStripeSourceMaps: Plugin = {
  name: "quiet-stripe-source-maps",
  configResolved(config) {
    const warnOnce = config.logger.warnOnce.bind(config.logger);
    config.logger.warnOnce = (message, options) => {
      if (/^Sourcemap for "[^"]*\/node_modules\/stripe\/[^"]*" points to missing source files/.test(message)) return;
      warnOnce(message, options);
    };
  },
};

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  // What tests/worker/brakes.test.ts compares with the code: the rate limits and the cron triggers as wrangler.toml has them.
  const { rawConfig } = experimental_readRawConfig({ config: "wrangler.toml" });
  const wranglerConfig = { ratelimits: rawConfig.ratelimits, triggers: rawConfig.triggers, previews: { ratelimits: rawConfig.previews?.ratelimits } };
  return {
    plugins: [
      quietStripeSourceMaps,
      reactRouter(),
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // A second local D1 for the lagging replica of tests/worker/read-your-writes.test.ts.
          d1Databases: { DB_REPLICA: "db-replica" },
          bindings: {
            TEST_MIGRATIONS: migrations,
            WRANGLER_CONFIG: JSON.stringify(wranglerConfig),
            APP_URL: "http://localhost:8787",
            CORS_ORIGINS: "https://partner.example",
            SELLER_EMAIL: "seller@test.example",
            SELLER_PASSWORD: "seller-test-password",
            SESSION_SECRET: "test-session-secret",
            STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
            STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
            STRIPE_API_BASE: inject("fakeStripeUrl"),
            // tests/worker/fuzz.test.ts: more runs, or one seed again (npm run fuzz).
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
            FUZZ_SEED: process.env.FUZZ_SEED ?? "",
          },
        },
      })),
    ],
    // Path aliases (~/, @shared/, @worker/) from tsconfig.json, as in the app's build.
    resolve: { tsconfigPaths: true },
    test: {
      include: ["tests/worker/**/*.test.ts"],
      // Generous for a shared 2-core machine under load (a property test of 2,000 runs took over
      // 5 s once); a test that hangs still fails.
      testTimeout: 30_000,
      // Vitest keeps a core for its own process (on 2 cores, one file at a time). Here the tests
      // run in workerd, a process of its own, and a file spends much of its time waiting on it, so
      // a file per core keeps the machine busy: on this 2-core machine 145 s became 77 s.
      maxWorkers: Math.max(2, availableParallelism()),
      globalSetup: ["./tests/support/global-setup.ts"],
      setupFiles: ["./tests/support/setup.ts"],
    },
  };
});
