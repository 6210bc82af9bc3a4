/**
 * Prints one plain closing line after the list reporter, e.g. "e2e: 31 passed, 0 failed, 0 skipped",
 * so a CI log reader sees the counts without parsing Playwright's own summary.
 */
import type { FullConfig, FullResult, Reporter, Suite } from "@playwright/test/reporter";

export default class SummaryReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: FullConfig, suite: Suite) {
    this.root = suite;
  }

  printsToStdio() {
    return false;
  }

  onEnd(result: FullResult) {
    const tests = this.root?.allTests() ?? [];
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const test of tests) {
      const outcome = test.outcome();
      if (outcome === "expected" || outcome === "flaky") passed++;
      else if (outcome === "unexpected") failed++;
      else skipped++;
    }
    // A run that died before its tests (the web server never came up, say) must not read as green.
    if (result.status !== "passed" && failed === 0) failed = 1;
    console.log(`\ne2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
