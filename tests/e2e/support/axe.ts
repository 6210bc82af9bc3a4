/**
 * axe-core on a loaded page: only "serious" and "critical" violations fail a test, and the
 * failure lists each rule with the elements it found, so the report says what to fix.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export type Finding = { rule: string; impact: string; help: string; nodes: { target: string; html: string; why: string }[] };

export async function seriousViolations(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(" "),
        html: n.html.length > 300 ? `${n.html.slice(0, 300)}…` : n.html,
        why: (n.failureSummary ?? "").replace(/\s+/g, " ").trim(),
      })),
    }));
}

export async function expectNoSeriousViolations(page: Page, what: string) {
  const findings = await seriousViolations(page);
  const summary = findings.map((f) => `${f.rule} (${f.impact}): ${f.nodes.map((n) => n.target).join(" | ")}`);
  expect(summary, `serious/critical accessibility violations on ${what}:\n${JSON.stringify(findings, null, 2)}`).toEqual([]);
}
