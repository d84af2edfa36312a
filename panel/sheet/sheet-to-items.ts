import {
  formatItems,
  isPythonSpace,
  normalize,
  validateItems,
  type Item,
  type ValidationIssue,
} from '../../framework/index.js';
import { findColumns, type SheetColumns } from './find-columns.js';
import { columnLetter, type SheetIssue, type SheetRow, type SheetTable } from './sheet-table.js';

/** What a sheet converts to: the items and their JSONL when every rule holds, else the issues. */
export interface SheetImport {
  ok: boolean;
  /** Canonical JSONL of the items (what `rpe generate` writes), or null when the sheet fails. */
  jsonl: string | null;
  items: Item[];
  /** How many rows between the header and the empty rows at the end (items or not). */
  n_rows: number;
  /** The sheet row of each item. */
  rows: number[];
  header_row: number | null;
  alias_layout: 'alias-columns' | 'aliases-column' | 'none';
  /** Header texts of the columns the import did not use. */
  ignored_columns: string[];
  errors: SheetIssue[];
  warnings: SheetIssue[];
}

export interface SheetImportOptions {
  /** Fewest items allowed (default: the task's 50). */
  minItems?: number;
  /** Most items allowed (default: the task's 200). */
  maxItems?: number;
}

const isEmpty = (text: string) => normalize(text) === '';

// Python's str.strip(): the separator of the aliases column may have spaces around it.
function strip(text: string): string {
  const chars = [...text];
  let start = 0;
  let end = chars.length;
  while (start < end && isPythonSpace(chars[start]?.codePointAt(0) ?? 0)) start++;
  while (end > start && isPythonSpace(chars[end - 1]?.codePointAt(0) ?? 0)) end--;
  return chars.slice(start, end).join('');
}

interface RowItem {
  item: Item;
  /** The column name each alias came from (alias-columns layout). */
  aliasNames: string[];
}

function rowItem(row: SheetRow, columns: SheetColumns): RowItem {
  const cell = (index: number) => row.cells[index] ?? '';
  const aliases: string[] = [];
  const aliasNames: string[] = [];
  for (const { index, name } of columns.aliasColumns) {
    if (isEmpty(cell(index))) continue;
    aliases.push(cell(index));
    aliasNames.push(name);
  }
  if (columns.aliasesColumn !== null && !isEmpty(cell(columns.aliasesColumn))) {
    aliases.push(...cell(columns.aliasesColumn).split('|').map(strip));
  }
  const item: Item = { input: cell(columns.input), gold: cell(columns.gold) };
  if (aliases.length > 0) item.aliases = aliases;
  return { item, aliasNames };
}

// The columns holding item fields, with the names errors use for them.
function fieldColumns(columns: SheetColumns): { index: number; name: string }[] {
  return [
    { index: columns.input, name: 'input' },
    { index: columns.gold, name: 'gold' },
    ...columns.aliasColumns,
    ...(columns.aliasesColumn === null ? [] : [{ index: columns.aliasesColumn, name: 'aliases' }]),
  ];
}

// Problems of one data row that the item rules cannot see: unreadable cells, text without a header.
function rowIssues(row: SheetRow, columns: SheetColumns): SheetIssue[] {
  const issues: SheetIssue[] = [];
  for (const { index, name } of fieldColumns(columns)) {
    const problem = row.problems?.[index];
    if (problem !== undefined) {
      issues.push({
        row: row.row,
        code: 'unreadable_cell',
        message: `${name} (column ${columnLetter(index)}) is ${problem}`,
      });
    }
  }
  // Columns past the header row's last cell have no header either (a value typed one column to
  // the right of the table): their text must not be dropped unseen.
  const beyond = Math.max(row.cells.length, row.problems?.length ?? 0);
  const unnamed = [...columns.unnamed];
  for (let index = columns.width; index < beyond; index++) unnamed.push(index);
  for (const index of unnamed) {
    if (!isEmpty(row.cells[index] ?? '') || row.problems?.[index] !== undefined) {
      issues.push({
        row: row.row,
        code: 'cell_without_header',
        message: `column ${columnLetter(index)} holds a value but has no header; name the column or clear it`,
      });
    }
  }
  return issues;
}

function isBlankRow(row: SheetRow, columns: SheetColumns): boolean {
  return fieldColumns(columns).every(
    ({ index }) => isEmpty(row.cells[index] ?? '') && row.problems?.[index] === undefined,
  );
}

const ALIAS_CODES = new Set([
  'wrong_type',
  'alias_too_long',
  'empty_alias',
  'alias_equals_gold',
  'duplicate_alias',
]);

/**
 * A validation issue of the item JSONL, told in sheet terms: line k is the row of item k, the
 * other line a duplicate input repeats becomes its row, and (alias columns) "alias 2" becomes the
 * column it came from. sheet-to-items.test.ts fails if the rules' wording changes under these.
 */
function toSheetIssue(found: ValidationIssue, rows: number[], rowItems: RowItem[]): SheetIssue {
  const row = found.line > 0 ? (rows[found.line - 1] ?? 0) : 0;
  let message = found.message;
  if (found.code === 'duplicate_input') {
    message = message.replace(/\bof line (\d+)\b/, (text, n: string) => {
      const other = rows[Number(n) - 1];
      return other === undefined ? text : `of row ${other}`;
    });
  }
  const names = found.line > 0 ? (rowItems[found.line - 1]?.aliasNames ?? []) : [];
  if (ALIAS_CODES.has(found.code) && names.length > 0) {
    const name = (text: string, n: string) => names[Number(n) - 1] ?? text;
    message = message
      .replace(/^alias (\d+)\b/, name)
      .replace(/\brepeats alias (\d+)(?= after normalisation$)/, (text, n: string) =>
        text.replace(`alias ${n}`, name(`alias ${n}`, n)),
      );
  }
  return { row, code: found.code, message };
}

function carriageReturns(row: number, item: Item): SheetIssue[] {
  const fields: [string, string][] = [
    ['input', item.input],
    ['gold', item.gold],
    ...(item.aliases ?? []).map((a, i): [string, string] => [`alias ${i + 1}`, a]),
  ];
  return fields
    .filter(([, text]) => text.includes('\r'))
    .map(([name]) => ({
      row,
      code: 'carriage_return',
      message: `${name} holds a carriage return (a Windows line end inside the cell); the model receives it as written`,
    }));
}

// The result for a sheet that fails before its rows are read (no header, unreadable file).
export function failedImport(errors: SheetIssue[], header_row: number | null = null): SheetImport {
  return {
    ok: false,
    jsonl: null,
    items: [],
    n_rows: 0,
    rows: [],
    header_row,
    alias_layout: 'none',
    ignored_columns: [],
    errors,
    warnings: [],
  };
}

/**
 * Converts a sheet (a header row, then one item per row) to items under the official rules.
 * Empty rows at the end are ignored; every other problem is an issue naming its sheet row, and
 * `jsonl` is set only when there is none, so a caller writes the whole sheet or nothing.
 */
export function sheetToItems(table: SheetTable, options: SheetImportOptions = {}): SheetImport {
  const header = table.rows.find((r) => r.cells.some((c) => !isEmpty(c)));
  if (!header) {
    return failedImport([{ row: 0, code: 'empty_sheet', message: 'the sheet has no header row' }]);
  }
  const { columns, issues } = findColumns(header);
  if (!columns) return failedImport(issues, header.row);
  const data = table.rows.filter((r) => r.row > header.row);
  let end = data.length;
  // A row at the end with text only in a column without a header is not blank: it is reported.
  while (
    end > 0 &&
    isBlankRow(data[end - 1] as SheetRow, columns) &&
    rowIssues(data[end - 1] as SheetRow, columns).length === 0
  ) {
    end--;
  }
  const kept = data.slice(0, end);

  const errors: SheetIssue[] = [];
  const warnings: SheetIssue[] = [];
  const flagged = new Set<number>();
  const rowItems = kept.map((row) => {
    const found = rowIssues(row, columns);
    if (isBlankRow(row, columns)) {
      found.push({
        row: row.row,
        code: 'empty_row',
        message:
          'the row has no input, gold or alias; delete it (only empty rows at the end are ignored)',
      });
    }
    if (found.length > 0) flagged.add(row.row);
    errors.push(...found);
    const made = rowItem(row, columns);
    warnings.push(...carriageReturns(row.row, made.item));
    return made;
  });
  const rows = kept.map((r) => r.row);
  const items = rowItems.map((r) => r.item);
  const jsonl = formatItems(items);
  const result = validateItems(jsonl, options);
  for (const found of result.errors) {
    const issue = toSheetIssue(found, rows, rowItems);
    // A row already reported (an unreadable cell, an empty row) is not reported again as empty.
    if (!flagged.has(issue.row)) errors.push(issue);
  }
  warnings.push(...result.warnings.map((w) => toSheetIssue(w, rows, rowItems)));
  errors.sort((a, b) => a.row - b.row);
  warnings.sort((a, b) => a.row - b.row);
  const ok = errors.length === 0;
  return {
    ok,
    jsonl: ok ? jsonl : null,
    items: ok ? items : [],
    n_rows: kept.length,
    rows: ok ? rows : [],
    header_row: header.row,
    alias_layout:
      columns.aliasesColumn !== null
        ? 'aliases-column'
        : columns.aliasColumns.length > 0
          ? 'alias-columns'
          : 'none',
    ignored_columns: columns.ignored,
    errors,
    warnings,
  };
}
