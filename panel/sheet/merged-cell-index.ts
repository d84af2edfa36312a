import type { RpeError } from '../../framework/index.js';
import { SHEET_CAPS } from './sheet-caps.js';
import { columnLetter } from './sheet-table.js';

/** Which cells of a worksheet are hidden in a merged range, and the range's first cell. */
export interface MergedCellIndex {
  /** The address of the range's first cell (`D2`) for a hidden cell, else null. */
  masterOf(row: number, column: number): string | null;
}

interface Range {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

// `D2` as 1-based row and column numbers.
function decode(address: string): { row: number; column: number } | null {
  const match = /^([A-Z]{1,3})([0-9]{1,7})$/.exec(address);
  if (!match?.[1] || !match[2]) return null;
  let column = 0;
  for (const letter of match[1]) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { row: Number(match[2]), column };
}

/**
 * Indexes merged ranges (`D2:E2`) by row, clipped to the sheet caps, so a lookup costs the ranges
 * of one row. Ranges that together span more rows than the caps allow cells (overlapping ranges a
 * spreadsheet would never write) are a cap hit: `tooLarge` makes the error.
 */
export function mergedCellIndex(
  refs: readonly string[],
  tooLarge: () => RpeError,
): MergedCellIndex {
  const byRow = new Map<number, Range[]>();
  let entries = 0;
  for (const ref of refs) {
    const [from, to] = ref.split(':').map(decode);
    if (!from || !to) continue;
    const range = {
      top: Math.min(from.row, to.row),
      bottom: Math.min(Math.max(from.row, to.row), SHEET_CAPS.rows),
      left: Math.min(from.column, to.column),
      right: Math.max(from.column, to.column),
    };
    for (let row = range.top; row <= range.bottom; row++) {
      entries += 1;
      if (entries > SHEET_CAPS.rows * SHEET_CAPS.columns) throw tooLarge();
      const list = byRow.get(row) ?? [];
      list.push(range);
      byRow.set(row, list);
    }
  }
  return {
    masterOf(row, column) {
      const range = byRow
        .get(row)
        ?.find(
          (r) => column >= r.left && column <= r.right && (row !== r.top || column !== r.left),
        );
      return range ? `${columnLetter(range.left - 1)}${range.top}` : null;
    },
  };
}
