/**
 * Lighthouse scores for `npm run bench`: the `lighthouse` package driving Debian's Chromium,
 * mobile and desktop, median of N runs per page after one unmeasured warm-up run. A run that
 * Lighthouse itself reports as failed (a runtime error, scored 0) is run again, and counted.
 *
 * Mobile emulation slows the CPU down relative to the machine running the test. Lighthouse's 4×
 * default assumes a high-end desktop; its docs ask to calibrate the multiplier on other hosts
 * (docs/throttling.md, "Calibrating the CPU slowdown") with the breakpoints of the Lighthouse CPU
 * throttling calculator, from the host's benchmarkIndex. This host's speed moves within seconds
 * (its benchmarkIndex has varied from about 1,200 to 2,000 between consecutive runs), so each run
 * is calibrated on its own: the page load is gathered once, unthrottled (Lighthouse's simulated
 * throttling only applies the slowdown afterwards, in its model), Lighthouse's own benchmarkIndex
 * of that very run picks the multiplier, and the gathered load is then scored with it, and with
 * the plain 4× for reference.
 *
 *   node bench/lighthouse.ts --url http://127.0.0.1:8787 [--runs 5]   (a running store)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { shopperPages, type AuditedPage } from "./lighthouse-shopper.ts";
import { median, PAGES } from "./routes.ts";

/** The Lighthouse CPU throttling calculator's multiplier for a host's benchmarkIndex. */
export function cpuMultiplierFor(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233; // 1533 → 4×, 2000 → 6×
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500; // 800 → 2×, 1300 → 3×
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650); // 150 → 1×, 800 → 2×
}

const MOBILE_NETWORK = { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675 };
const mobile = (cpuSlowdownMultiplier: number) => ({ formFactor: "mobile" as const, throttling: { ...MOBILE_NETWORK, cpuSlowdownMultiplier } });
const DESKTOP = {
  formFactor: "desktop" as const,
  screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
  throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
};
const CATEGORIES = { output: "json" as const, logLevel: "error" as const, onlyCategories: ["performance", "accessibility"] };

export type PageScores = {
  mobile: number[];
  mobileDefault: number[];
  desktop: number[];
  a11y: number[];
  lcp: number[];
  cls: number[];
  /** Each mobile run's host benchmarkIndex and the multiplier it gave. */
  benchmarkIndex: number[];
  cpuMultiplier: number[];
};
export type LighthouseRun = { pages: Record<string, PageScores>; failedRuns: string[] };

type Lhr = {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  environment: { benchmarkIndex: number };
};

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The guest pages (bench/routes.ts PAGES), and any page behind a session given with its cookie (bench/lighthouse-shopper.ts). */
export async function lighthouseScores(baseUrl: string, runs: number, signedIn: Record<string, AuditedPage> = {}): Promise<LighthouseRun> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chromePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const artifacts = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const failedRuns: string[] = [];

  const run = async (url: string, flags: Record<string, unknown>) =>
    (await lighthouse(url, { port: chrome.port, ...CATEGORIES, ...flags }))?.lhr as Lhr | undefined;

  const audited: Record<string, AuditedPage> = { ...Object.fromEntries(Object.entries(PAGES).map(([name, path]) => [name, { path }])), ...signedIn };
  const headersOf = (page: AuditedPage) => (page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {});

  /** A desktop run, run again (up to twice) if Lighthouse reports it failed. */
  const desktop = async (page: AuditedPage): Promise<Lhr> => {
    const path = page.path;
    for (let attempt = 0; ; attempt++) {
      const lhr = (await run(`${baseUrl}${path}`, { ...DESKTOP, ...headersOf(page) }))!;
      if (!lhr.runtimeError || attempt === 2) return lhr;
      failedRuns.push(`${path} desktop (${lhr.runtimeError.code})`);
    }
  };

  /**
   * One mobile page load, gathered once and scored at the multiplier its own benchmarkIndex calls
   * for and at the plain 4×. The gathered settings must match the audit's, so the saved artifacts
   * are given the multiplier before each scoring (simulated throttling does not use it to gather).
   */
  const mobileRun = async (page: AuditedPage) => {
    const path = page.path;
    for (let attempt = 0; ; attempt++) {
      const url = `${baseUrl}${path}`;
      await run(url, { ...mobile(4), ...headersOf(page), gatherMode: artifacts });
      const file = join(artifacts, "artifacts.json");
      const gathered = JSON.parse(readFileSync(file, "utf8")) as { BenchmarkIndex: number; settings: { throttling: { cpuSlowdownMultiplier: number } } };
      const cpuMultiplier = Math.round(cpuMultiplierFor(gathered.BenchmarkIndex) * 100) / 100;
      const scoreAt = async (multiplier: number) => {
        gathered.settings.throttling.cpuSlowdownMultiplier = multiplier;
        writeFileSync(file, JSON.stringify(gathered));
        return (await run(url, { ...mobile(multiplier), ...headersOf(page), auditMode: artifacts }))!;
      };
      const calibrated = await scoreAt(cpuMultiplier);
      if (calibrated.runtimeError && attempt < 2) {
        failedRuns.push(`${path} mobile (${calibrated.runtimeError.code})`);
        continue;
      }
      return { calibrated, plain4x: await scoreAt(4), benchmarkIndex: gathered.BenchmarkIndex, cpuMultiplier };
    }
  };

  try {
    const pages: Record<string, PageScores> = {};
    for (const [name, page] of Object.entries(audited)) {
      const s: PageScores = { mobile: [], mobileDefault: [], desktop: [], a11y: [], lcp: [], cls: [], benchmarkIndex: [], cpuMultiplier: [] };
      pages[name] = s;
      await mobileRun(page); // warm-up, not counted
      for (let i = 0; i < runs; i++) {
        const { calibrated, plain4x, benchmarkIndex, cpuMultiplier } = await mobileRun(page);
        s.mobile.push(score(calibrated, "performance"));
        s.mobileDefault.push(score(plain4x, "performance"));
        s.a11y.push(score(calibrated, "accessibility"));
        s.lcp.push(Math.round(calibrated.audits["largest-contentful-paint"]?.numericValue ?? 0));
        s.cls.push(Number((calibrated.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)));
        s.benchmarkIndex.push(Math.round(benchmarkIndex));
        s.cpuMultiplier.push(cpuMultiplier);
        s.desktop.push(score(await desktop(page), "performance"));
      }
    }
    return { pages, failedRuns };
  } finally {
    await chrome.kill();
    rmSync(artifacts, { recursive: true, force: true });
  }
}

export function lighthouseTable(result: LighthouseRun, runs: number): string[] {
  const all = Object.values(result.pages);
  const indexes = all.flatMap((s) => s.benchmarkIndex);
  const multipliers = all.flatMap((s) => s.cpuMultiplier);
  const lines = [
    `Mobile: network Slow 4G (150 ms, 1.6 Mbps); CPU slowdown calibrated run by run from that run's host benchmarkIndex (Lighthouse's calculator): indexes ${Math.min(...indexes)}–${Math.max(...indexes)} (median ${median(indexes)}), so ${Math.min(...multipliers)}×–${Math.max(...multipliers)}× (median ${median(multipliers)}×). The same page loads are also scored at the plain 4×.`,
    "",
    "| page | mobile performance (calibrated) | runs | mobile at the plain 4× | desktop performance | accessibility | mobile LCP | CLS |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [name, s] of Object.entries(result.pages)) {
    const perRun = s.mobile.map((value, i) => `${value} (${s.cpuMultiplier[i]}×)`).join(", ");
    lines.push(
      `| ${name} | ${median(s.mobile)} | ${perRun} | ${median(s.mobileDefault)} (${s.mobileDefault.join(", ")}) | ${median(s.desktop)} | ${median(s.a11y)} | ${median(s.lcp)} ms | ${median(s.cls)} |`,
    );
  }
  lines.push("", `Median of ${runs} runs per page (mobile, desktop), after one unmeasured warm-up run.`);
  if (result.failedRuns.length) lines.push(`Runs Lighthouse reported as failed and ran again: ${result.failedRuns.join(", ")}.`);
  return lines;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { url: { type: "string", default: "http://127.0.0.1:8787" }, runs: { type: "string", default: "5" } } });
  const runs = Number(values.runs);
  console.log(lighthouseTable(await lighthouseScores(values.url!, runs, await shopperPages(values.url!)), runs).join("\n"));
}
