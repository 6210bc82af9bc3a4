/**
 * Browser journeys (tests/e2e) against the PRODUCTION build, served by `wrangler dev` with its own
 * freshly seeded local D1/R2/KV state (.wrangler/e2e-state), so they never touch `npm start`'s data.
 *
 *   npx playwright test                 # every project
 *   npx playwright test tests/e2e/cart.spec.ts
 *
 * The web server builds the app first (scripts/start.ts), unless E2E_REUSE_BUILD=1 says the build
 * in build/ is current: `npm test` sets it, because its bundle check has just built.
 *
 * Browsers cannot be downloaded here: Debian's Chromium is used, its headless shell when installed
 * (CHROMIUM_PATH overrides; if neither exists, Playwright's own bundled browser is tried).
 */
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { spaClientOrigin } from "./tests/e2e/support/spa-client/serve.ts";

// E2E_PORT lets two checkouts of the repo run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 8799);
// localhost, as APP_URL (scripts/start.ts): Stripe sends shoppers back there, with their cookies.
const BASE_URL = `http://localhost:${PORT}`;
const CI = !!process.env.CI;

/**
 * Chromium's headless shell first, as Playwright itself uses for headless runs: without the full
 * browser around the page, the journeys take about a third less time on this 2-core machine (57
 * journeys: 90 s with Debian's `chromium`, 58 s with its `chromium-headless-shell`).
 */
function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
}

const executablePath = chromiumExecutable();
const launchOptions = {
  ...(executablePath ? { executablePath } : {}),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-quic",
    "--no-first-run",
    "--disable-sync",
  ],
};

// scripts/start.ts needs Node 24 (type stripping): prefer the project's own `node` devDependency.
const localNode = join(import.meta.dirname, "node_modules", ".bin", "node");
const node = existsSync(localNode) ? localNode : process.execPath;

// Only `npm test` sets E2E_REUSE_BUILD, right after its bundle check built; anyone else gets a
// fresh build, so a journey never runs against code older than the checkout.
const reuseBuild = process.env.E2E_REUSE_BUILD === "1";
if (reuseBuild && !existsSync(join(import.meta.dirname, "build", "server", "index.js"))) {
  throw new Error("E2E_REUSE_BUILD=1 but there is no build in build/: run `npm run build` first, or leave E2E_REUSE_BUILD unset");
}

// --fake-stripe: "Online Payment" goes to the in-repo fake Stripe (scripts/fake-stripe.ts),
// whose hosted page pays, sends the signed webhook and redirects back, all offline.
const webServer: PlaywrightTestConfig["webServer"] = {
  command: `"${node}" scripts/start.ts --port ${PORT} --state .wrangler/e2e-state --fresh --fake-stripe${reuseBuild ? " --no-build" : ""}`,
  url: `http://127.0.0.1:${PORT}`,
  timeout: 180_000,
  reuseExistingServer: !CI,
  stdout: "ignore",
  stderr: "pipe",
  // The spec-client stand-in calls the API from this second origin (cross-origin-client.spec.ts).
  env: { WRANGLER_SEND_METRICS: "false", CORS_ORIGINS: spaClientOrigin(PORT) },
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // Journeys are independent (fresh browser context each, unique newsletter addresses and
  // shopper accounts), so they can share one server and one database across two workers; those
  // that change the catalogue take turns in their own project.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["./tests/e2e/support/summary-reporter.ts"]],
  outputDir: "test-results",
  webServer,
  use: {
    baseURL: BASE_URL,
    headless: true,
    locale: "en-IN",
    timezoneId: "Asia/Kolkata",
    // A trace is recorded for every journey and kept only if it fails: about 15 % of the journeys'
    // time (measured on 57 journeys: 105 s with, 91 s without). Worth it at a desk, where a failing
    // journey's trace is opened with `npx playwright show-trace`; not in CI, where nobody can open
    // it and the failure's message, its screenshot and the server's log are what is read.
    trace: CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    navigationTimeout: 20_000,
    actionTimeout: 10_000,
    launchOptions,
  },
  projects: [
    {
      // Logs the seller in once per run and saves the session (test-results/.auth/seller.json) for
      // the seller journeys: seller login is limited to 10 a minute per IP, and all tests share one.
      name: "seller-setup",
      testMatch: "**/seller.setup.ts",
      teardown: "store-wide",
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
    {
      // Journeys that add products, and those that count exactly the seeded catalogue: one at a
      // time, on one worker, while the other worker runs the rest (which do not depend on what
      // these add: see tests/e2e/support/fixtures.ts). Not ordered after the other projects by a
      // dependency: Playwright runs a dependency project whole, so every targeted run would run
      // all of them. Listed before the others so that its chain starts first.
      name: "catalogue",
      grep: /@catalogue/,
      fullyParallel: false,
      workers: 1,
      dependencies: ["seller-setup"],
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
    {
      name: "chromium",
      grepInvert: /@mobile|@catalogue|@store-wide/,
      dependencies: ["seller-setup"],
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile",
      grep: /@mobile/,
      grepInvert: /@store-wide/,
      // The seller's journeys on a phone use the saved seller session too.
      dependencies: ["seller-setup"],
      use: {
        browserName: "chromium",
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      // Journeys that change what every cart charges (the fees): a teardown of seller-setup runs
      // after every project that depends on it, so no other journey sees their settings.
      name: "store-wide",
      grep: /@store-wide/,
      fullyParallel: false,
      workers: 1,
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
  ],
});
