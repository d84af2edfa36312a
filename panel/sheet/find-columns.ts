import { normalize } from '../../framework/index.js';
import { columnLetter, type SheetIssue, type SheetRow } from './sheet-table.js';

/** Where the item fields are in a sheet, found from its header row. */
export interface SheetColumns {
  headerRow: number;
  input: number;
  gold: number;
  /** `alias1`…`alias5` columns (any number ≥ 1 is recognised), in number order. */
  aliasColumns: { index: number; name: string }[];
  /** The one `aliases` column, values separated by `|`, or null. */
  aliasesColumn: number | null;
  /** Header texts of the columns the import does not use (item, family, ok, comment, ...). */
  ignored: string[];
  /** Columns whose header cell is empty: they must hold no text. */
  unnamed: number[];
  /** How many cells the header row has: every column from here on has no header either. */
  width: number;
}

const ALIAS_N = /^alias[ _-]?(\d+)$/;

// A header cell as a column name: normalised, lowercase (`Gold `, `GOLD` and `gold` are one name).
function columnKey(cell: string): string {
  return normalize(cell).toLowerCase();
}

/**
 * Maps a header row to the item fields: `input`, `gold`, and aliases either as `alias1`…`alias5`
 * or as one `aliases` column. Other columns are ignored and listed. A missing or repeated field,
 * both alias layouts at once, or a column named like an alias that is neither is an issue on the
 * header row.
 */
export function findColumns(header: SheetRow): {
  columns: SheetColumns | null;
  issues: SheetIssue[];
} {
  const issues: SheetIssue[] = [];
  const fail = (code: string, message: string) => issues.push({ row: header.row, code, message });
  const seen = new Map<string, number>();
  const aliasColumns: { index: number; name: string; n: number }[] = [];
  const ignored: string[] = [];
  const unnamed: number[] = [];
  header.cells.forEach((cell, index) => {
    const key = columnKey(cell);
    const letter = columnLetter(index);
    if (key === '') {
      unnamed.push(index);
      return;
    }
    const alias = ALIAS_N.exec(key);
    const field = alias ? `alias${Number(alias[1])}` : key;
    const known = alias !== null || key === 'input' || key === 'gold' || key === 'aliases';
    if (!known) {
      if (key.startsWith('alias')) {
        fail(
          'unknown_column',
          `column ${letter} is named "${normalize(cell)}"; name alias columns alias1…alias5, or use one column aliases with | between the aliases`,
        );
      } else ignored.push(normalize(cell));
      return;
    }
    const first = seen.get(field);
    if (first !== undefined) {
      fail(
        'duplicate_column',
        `columns ${columnLetter(first)} and ${letter} are both ${field}; keep one`,
      );
      return;
    }
    seen.set(field, index);
    if (alias) {
      if (Number(alias[1]) === 0) {
        fail('unknown_column', `column ${letter} is alias0; alias columns start at alias1`);
      } else aliasColumns.push({ index, name: field, n: Number(alias[1]) });
    }
  });
  for (const field of ['input', 'gold']) {
    if (!seen.has(field)) {
      const found = header.cells.map(normalize).filter((c) => c !== '');
      fail(
        'missing_column',
        `there is no ${field} column (the header row has: ${found.join(', ') || 'nothing'}); name the columns input, gold, alias1…alias5`,
      );
    }
  }
  const aliasesColumn = seen.get('aliases') ?? null;
  if (aliasesColumn !== null && aliasColumns.length > 0) {
    fail(
      'mixed_alias_layout',
      `the sheet has both an aliases column (${columnLetter(aliasesColumn)}) and alias1…alias5 columns; use one layout`,
    );
  }
  const input = seen.get('input');
  const gold = seen.get('gold');
  if (issues.length > 0 || input === undefined || gold === undefined) {
    return { columns: null, issues };
  }
  aliasColumns.sort((a, b) => a.n - b.n);
  return {
    columns: {
      headerRow: header.row,
      input,
      gold,
      aliasColumns: aliasColumns.map(({ index, name }) => ({ index, name })),
      aliasesColumn,
      ignored,
      unnamed,
      width: header.cells.length,
    },
    issues,
  };
}
