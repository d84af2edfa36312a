import { stringify } from 'csv-stringify/sync';
import { RpeError } from '../../framework/index.js';
import type { ReviewTable } from './review-table.js';

// What a spreadsheet opening the file would take for a formula or strip as a text mark: also behind
// leading white space (a space, a no-break space, a line feed: spreadsheets trim it before they
// look for a formula) and in the full-width forms (＝ ＋ － ＠) that some of them read as the sign.
// Anchored and with one quantifier, so it costs one pass over the leading space at most.
const NEEDS_MARK = /^[\s\u00a0\u2000-\u200b\u3000\ufeff]*['=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/u;
// A UTF-16 surrogate without its pair: valid in a JSON string, impossible in UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function checkEncodable(table: ReviewTable): void {
  for (const row of table.rows) {
    row.forEach((cell, i) => {
      if (typeof cell === 'string' && LONE_SURROGATE.test(cell)) {
        const column = table.columns[i]?.name ?? `column ${i + 1}`;
        throw new RpeError(
          'unencodable_text',
          `item ${row[0]}: ${column} holds a lone UTF-16 surrogate, which UTF-8 cannot encode; export to .xlsx instead`,
        );
      }
    });
  }
}

/**
 * The review sheet as CSV or TSV for spreadsheets: UTF-8 with a byte order mark (so Excel reads
 * Polish letters), CRLF between rows, every field quoted (a line break inside an input stays in
 * its cell). A cell starting with ' = + - @ (after any white space, or full-width) gets a leading
 * apostrophe: no spreadsheet runs it as a formula, and `rpe sheet import` drops exactly one leading apostrophe, so the text comes back.
 * A text UTF-8 cannot hold (a lone surrogate) is RpeError `unencodable_text` naming the item.
 */
export function formatDelimited(table: ReviewTable, delimiter: string): string {
  checkEncodable(table);
  const mark = (cell: string | number) =>
    typeof cell === 'string' && NEEDS_MARK.test(cell) ? `'${cell}` : String(cell);
  const records = [table.columns.map((c) => c.name), ...table.rows.map((row) => row.map(mark))];
  return stringify(records, {
    bom: true,
    delimiter,
    record_delimiter: 'windows',
    quoted: true,
  });
}
