/**
 * The store settings are one row that journeys on both projects change (and compare before and
 * after): a journey that changes them holds this lock, so two such journeys never overlap, whichever
 * workers run them. A directory is the lock (mkdir is atomic); one left by a killed run is taken
 * over after a minute.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const LOCK = join(import.meta.dirname, "..", "..", "..", "test-results", ".locks", "store-settings");
const STALE_MS = 60_000;

export async function withSettingsLock<T>(journey: () => Promise<T>): Promise<T> {
  mkdirSync(join(LOCK, ".."), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      const age = Date.now() - (statSafe(LOCK) ?? Date.now());
      if (age > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await journey();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function statSafe(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}
