/** One data row of a CSV file, with the 1-based line it starts on. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes (a quote inside doubled,
 * commas and line breaks allowed inside), CRLF or LF line ends, a UTF-8 BOM ignored, blank lines
 * skipped. Throws on a quote left open, naming the line.
 */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += c;
    }
  }
  if (quoted) throw new Error(`line ${rowLine}: a quoted field is not closed`);
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}
