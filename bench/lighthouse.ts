/**
 * Lighthouse for `npm run bench`: the `lighthouse` package driving Debian's Chromium with its own
 * default settings (mobile: simulated Slow 4G and a 4× CPU slowdown), median of N runs per page
 * after one unmeasured warm-up run. A run that Lighthouse itself reports as failed (a runtime
 * error, scored 0) is run again, and listed.
 *
 *   node bench/lighthouse.ts --url http://127.0.0.1:8787 [--runs 5]   (a running store)
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { shopperPages, type AuditedPage } from "./lighthouse-shopper.ts";
import { median, PAGES } from "./routes.ts";

type Lhr = { runtimeError?: { code: string }; categories: Record<string, { score: number | null }>; audits: Record<string, { numericValue?: number }> };

export type PageRuns = { performance: number[]; accessibility: number[]; fcp: number[]; lcp: number[]; tbt: number[] };
export type LighthouseRun = { pages: Record<string, PageRuns>; failedRuns: string[] };

/** The guest pages (bench/routes.ts PAGES), and any page behind a session given with its cookie (bench/lighthouse-shopper.ts). */
export async function lighthouseScores(baseUrl: string, runs: number, signedIn: Record<string, AuditedPage> = {}): Promise<LighthouseRun> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chromePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const failedRuns: string[] = [];
  /** One run, again (up to twice) if Lighthouse reports it failed. */
  const run = async ({ path, cookie }: AuditedPage): Promise<Lhr> => {
    for (let attempt = 0; ; attempt++) {
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      const lhr = result!.lhr as Lhr;
      if (!lhr.runtimeError || attempt === 2) return lhr;
      failedRuns.push(`${path} (${lhr.runtimeError.code})`);
    }
  };
  const audited: Record<string, AuditedPage> = { ...Object.fromEntries(Object.entries(PAGES).map(([name, path]) => [name, { path }])), ...signedIn };
  try {
    const pages: Record<string, PageRuns> = {};
    for (const [name, page] of Object.entries(audited)) {
      const s: PageRuns = (pages[name] = { performance: [], accessibility: [], fcp: [], lcp: [], tbt: [] });
      await run(page); // warm-up, not counted
      for (let i = 0; i < runs; i++) {
        const lhr = await run(page);
        const ms = (audit: string) => Math.round(lhr.audits[audit]?.numericValue ?? NaN);
        s.performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        s.accessibility.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
        s.fcp.push(ms("first-contentful-paint"));
        s.lcp.push(ms("largest-contentful-paint"));
        s.tbt.push(ms("total-blocking-time"));
      }
    }
    return { pages, failedRuns };
  } finally {
    await chrome.kill();
  }
}

export function lighthouseTable(result: LighthouseRun, runs: number): string[] {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const lines = [
    `Lighthouse's default mobile settings (simulated Slow 4G, 4× CPU slowdown), no calibration; median of ${runs} runs per page after one unmeasured warm-up run.`,
    "",
    "| page | performance | its runs | accessibility | FCP | LCP | TBT | FCP of each run (s) | LCP of each run (s) |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: | --- | --- |",
  ];
  for (const [name, p] of Object.entries(result.pages))
    lines.push(
      `| ${name} | ${median(p.performance)} | ${p.performance.join(", ")} | ${median(p.accessibility)} | ${s(median(p.fcp))} s | ${s(median(p.lcp))} s | ${median(p.tbt)} ms | ${p.fcp.map(s).join(", ")} | ${p.lcp.map(s).join(", ")} |`,
    );
  if (result.failedRuns.length) lines.push("", `Runs Lighthouse reported as failed and ran again: ${result.failedRuns.join(", ")}.`);
  return lines;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { url: { type: "string", default: "http://127.0.0.1:8787" }, runs: { type: "string", default: "5" } } });
  const runs = Number(values.runs);
  console.log(lighthouseTable(await lighthouseScores(values.url!, runs, await shopperPages(values.url!)), runs).join("\n"));
}
