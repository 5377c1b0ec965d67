/** Parses RFC 4180 CSV (quoted cells, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((cell += '"'), i++);
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(cell), (cell = ''));
    else if (c === '\r' && text[i + 1] === '\n') (row.push(cell), rows.push(row), (row = []), (cell = ''), i++);
    else cell += c;
  }
  if (cell || row.length) (row.push(cell), rows.push(row));
  return rows;
}

/** The transactions export's header row as a spreadsheet shows it, written out here so a change to the export's columns fails its tests. */
export const TRANSACTIONS_CSV_HEADER =
  'ID,Type,Reference,Date (Lagos),Customer,Email,Method,Amount (NGN),Currency,Status,Payment status,Orders,Note'.split(',');
