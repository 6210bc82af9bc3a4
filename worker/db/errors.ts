/** Whether a D1 failure (possibly wrapped by drizzle) mentions `text`, e.g. "UNIQUE" or a CHECK/trigger name. */
export function isDbError(error: unknown, text: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if (String((e as Error).message ?? e).includes(text)) return true;
  return false;
}
