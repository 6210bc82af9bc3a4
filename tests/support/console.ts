import { expect, onTestFinished, vi } from "vitest";

/**
 * For a test that provokes, on purpose, a failure the store reports with console.error: each
 * message must start one of the calls (what an operator reads in the logs), and the calls are
 * checked instead of printed into the run's output, where they would look like a failing test.
 */
export function expectErrorsLogged(...messages: string[]) {
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  onTestFinished(() => {
    const logged = spy.mock.calls.map((call) => String(call[0]));
    spy.mockRestore();
    for (const message of messages) expect(logged, `console.error("${message}", …)`).toContain(message);
  });
}
