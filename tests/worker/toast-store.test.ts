/**
 * The toast store (app/lib/toast.ts): identical toasts merge, a success replaces stale errors, and
 * the spec's timings stay (success 2 s, error 4 s, loading until dismissed, removed 1 s after it
 * starts to leave). Page time is Vitest's fake clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getToasts, toast } from "~/lib/toast";

const onScreen = () =>
  getToasts()
    .filter((t) => !t.leaving)
    .map((t) => `${t.kind}: ${t.message}`);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const t of getToasts()) toast.dismiss(t.id);
  vi.runAllTimers();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("five identical toasts are one, and it stays 2 s after the last of them", () => {
    const first = toast.success("Cart Updated");
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(1_500);
      expect(toast.success("Cart Updated")).toBe(first);
    }
    expect(onScreen()).toEqual(["success: Cart Updated"]);
    vi.advanceTimersByTime(1_999);
    expect(onScreen()).toEqual(["success: Cart Updated"]);
    vi.advanceTimersByTime(1);
    expect(onScreen()).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(getToasts()).toEqual([]);
  });

  it("the same text of another kind is another toast", () => {
    toast.success("Saved");
    toast.message("Saved");
    expect(onScreen()).toEqual(["success: Saved", "blank: Saved"]);
  });

  it("a success replaces the errors on screen; an error leaves earlier successes alone", () => {
    toast.error("Invalid email or password");
    toast.error("Too many attempts");
    toast.success("Welcome back, Asha!");
    expect(onScreen()).toEqual(["success: Welcome back, Asha!"]);
    toast.error("Could not save your cart");
    expect(onScreen()).toEqual(["success: Welcome back, Asha!", "error: Could not save your cart"]);
  });

  it("the spec's timings: errors 4 s, loading until dismissed, a dismissed toast fades for 1 s", () => {
    toast.error("Oops");
    const loading = toast.loading("Placing…");
    vi.advanceTimersByTime(3_999);
    expect(onScreen()).toEqual(["error: Oops", "loading: Placing…"]);
    vi.advanceTimersByTime(1);
    expect(onScreen()).toEqual(["loading: Placing…"]);
    vi.advanceTimersByTime(60_000);
    expect(onScreen()).toEqual(["loading: Placing…"]);
    toast.dismiss(loading);
    expect(getToasts().find((t) => t.id === loading)?.leaving).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(getToasts()).toEqual([]);
  });

  it("at most 20 on screen: the oldest give way", () => {
    for (let i = 1; i <= 25; i++) toast.message(`Note ${i}`);
    expect(onScreen()).toHaveLength(20);
    expect(onScreen()[0]).toBe("blank: Note 6");
  });
});
