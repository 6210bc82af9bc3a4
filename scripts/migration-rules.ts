/**
 * Expand, then contract (ADR 026): `npm run deploy` applies migrations to the remote D1 before the
 * new Worker goes live, so for a while the running version meets the new schema. A migration may
 * only add what old code ignores. One that takes away or renames what a running version may still
 * read or write is a contract step: allowed only in a later release than the code that stopped
 * using it, and marked so by a line `-- contract: <what no released version uses any more>`.
 * No Node imports: the runtime tests load this file in workerd.
 */

const CONTRACT_STATEMENTS: { pattern: RegExp; why: string }[] = [
  { pattern: /\bDROP\s+TABLE\b/i, why: "drops a table" },
  { pattern: /\bALTER\s+TABLE\b[^;]*\bDROP\s+(COLUMN\s+)?[`"\w]/i, why: "drops a column" },
  { pattern: /\bALTER\s+TABLE\b[^;]*\bRENAME\b/i, why: "renames a table or column" },
  // Old code's INSERTs do not name the new column, and NOT NULL without a default refuses them.
  { pattern: /\bADD\s+(COLUMN\s+)?(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i, why: "adds a NOT NULL column without a default" },
];

/** SQL without its comments, split into statements. */
function statements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Why this migration would break the version still running, one reason per statement; empty if it only expands or is marked as a contract step. */
export function contractProblems(sql: string): string[] {
  if (/^--\s*contract:\s*\S/m.test(sql)) return [];
  const problems: string[] = [];
  for (const statement of statements(sql)) {
    for (const { pattern, why } of CONTRACT_STATEMENTS) {
      if (pattern.test(statement)) problems.push(`${why}: ${statement.replace(/\s+/g, " ").slice(0, 120)}`);
    }
  }
  return problems;
}
