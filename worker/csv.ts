// RFC 4180 CSV. A formula-like cell (CSV injection) is written with a leading `'`, which spreadsheets show as text; reading strips it: an export round-trips.
import { badRequest } from "./errors";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(",")}\r\n`;

export const restoreCell = (value: string): string => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

/** `line` as a text editor counts, `row` as a spreadsheet does (the header is row 1). */
export type CsvRecord = { line: number; row: number; cells: string[] };

/** Every record of `text` (blank lines skipped); malformed quoting is a 400 that names the line. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") records.push({ line: recordLine, row: records.length + 1, cells });
    cells = [];
    cell = "";
  };
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"' && cell === "") {
      const openedOn = line;
      i++;
      for (;;) {
        if (i >= text.length) throw badRequest(`The file is not valid CSV: the quote opened on line ${openedOn} is never closed`);
        const c = text[i]!;
        if (c === '"' && text[i + 1] !== '"') {
          i++;
          break;
        }
        if (c === "\n") line++;
        cell += c;
        i += c === '"' ? 2 : 1; // a doubled quote is one quote
      }
      const next = text[i];
      if (next !== undefined && next !== "," && next !== "\n" && next !== "\r")
        throw badRequest(`The file is not valid CSV: line ${line} has text after a closing quote`);
      continue;
    }
    if (char === ",") {
      cells.push(cell);
      cell = "";
      i++;
    } else if (char === "\r" || char === "\n") {
      endRecord();
      i += char === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      cell += char;
      i++;
    }
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}
