import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Runtime tests: each test file runs inside workerd with real local D1, KV and R2 (miniflare),
// migrated with the same SQL files wrangler applies. Kept apart from vite.config.ts on purpose:
// the app build's plugins (React Router, Tailwind) have no business here.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    plugins: [
      cloudflareTest({
        main: "./tests/support/worker-entry.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SELLER_EMAIL: "seller@test.example",
            SELLER_PASSWORD: "seller-test-password",
            SESSION_SECRET: "test-session-secret",
            APP_URL: "http://localhost:8787",
          },
        },
      }),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/support/setup.ts"],
    },
  };
});
