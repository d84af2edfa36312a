import { describe, expect, it } from 'vitest';
import { validateItems } from '../../framework/index.js';
import type { SheetTable } from './sheet-table.js';
import { sheetToItems } from './sheet-to-items.js';

// A CSV-like table whose rows are numbered from 1, as a spreadsheet shows them.
function table(
  rows: string[][],
  problems: Record<number, (string | undefined)[]> = {},
): SheetTable {
  return {
    format: 'csv',
    sheet: null,
    delimiter: ',',
    rows: rows.map((cells, i) => ({
      row: i + 1,
      cells,
      ...(problems[i + 1] ? { problems: problems[i + 1] } : {}),
    })),
  };
}

const loose = { minItems: 1 };

describe('sheetToItems', () => {
  it('converts the canonical layout to the canonical JSONL that rpe validate accepts', () => {
    const result = sheetToItems(
      table([
        ['item', 'input', 'gold', 'alias1', 'alias2', 'alias3', 'alias4', 'alias5', 'ok'],
        ['1', 'Linia 1\nLinia 2', 'kot', '', 'kota', '', '', '', 'tak'],
        ['2', '  spacje  ', '„cytat”', '', '', '', '', '', ''],
        ['', '', '', '', '', '', '', '', ''],
        [],
      ]),
      loose,
    );
    expect(result.errors).toEqual([]);
    expect(result.jsonl).toBe(
      '{"input":"Linia 1\\nLinia 2","gold":"kot","aliases":["kota"]}\n' +
        '{"input":"  spacje  ","gold":"„cytat”"}\n',
    );
    expect(result.rows).toEqual([2, 3]);
    expect(result.n_rows).toBe(2);
    expect(result.alias_layout).toBe('alias-columns');
    expect(result.ignored_columns).toEqual(['item', 'ok']);
    expect(validateItems(result.jsonl ?? '', loose).format_ok).toBe(true);
  });

  it('reads one aliases column split at |, spaces around the bars dropped', () => {
    const result = sheetToItems(
      table([
        ['Input', 'GOLD', 'aliases'],
        ['Pytanie', 'psa', 'psu | psie|pieska'],
        ['Drugie', 'kot', ''],
      ]),
      loose,
    );
    expect(result.alias_layout).toBe('aliases-column');
    expect(result.items).toEqual([
      { input: 'Pytanie', gold: 'psa', aliases: ['psu', 'psie', 'pieska'] },
      { input: 'Drugie', gold: 'kot' },
    ]);
  });

  it('finds the header below empty rows and numbers rows as the sheet does', () => {
    const result = sheetToItems(table([[], ['', ''], ['input', 'gold'], ['a', '']]), loose);
    expect([result.header_row, result.n_rows]).toEqual([3, 1]);
    expect(result.errors).toEqual([
      { row: 4, code: 'empty_gold', message: 'gold is empty after normalisation' },
    ]);
    expect(result.jsonl).toBeNull();
  });

  it('names the header row when a column is missing', () => {
    const result = sheetToItems(
      table([
        ['input', 'answer'],
        ['a', 'b'],
      ]),
      loose,
    );
    expect(result.errors).toEqual([
      {
        row: 1,
        code: 'missing_column',
        message: expect.stringMatching(
          /^there is no gold column \(the header row has: input, answer\)/,
        ),
      },
    ]);
  });

  it.each([
    [['input', 'gold', 'Gold'], 'duplicate_column', /columns B and C are both gold/],
    [['input', 'gold', 'alias1', 'alias 1'], 'duplicate_column', /columns C and D are both alias1/],
    [['input', 'gold', 'alias1', 'aliases'], 'mixed_alias_layout', /aliases column \(D\)/],
    [['input', 'gold', 'alias'], 'unknown_column', /column C is named "alias"/],
    [['input', 'gold', 'alias0'], 'unknown_column', /alias0/],
  ])('rejects the header %j (%s)', (header, code, message) => {
    const result = sheetToItems(table([header, ['a', 'b', 'c', 'd']]), loose);
    expect(result.errors).toContainEqual({ row: 1, code, message: expect.stringMatching(message) });
    expect(result.ok).toBe(false);
  });

  it('rejects six aliases (an alias6 column) on the row that has them', () => {
    const header = ['input', 'gold', 'alias1', 'alias2', 'alias3', 'alias4', 'alias5', 'alias6'];
    const result = sheetToItems(
      table([
        header,
        ['a', 'g', '1', '2', '3', '4', '5', ''],
        ['b', 'g', '1', '2', '3', '4', '5', '6'],
      ]),
      loose,
    );
    expect(result.errors).toEqual([
      { row: 3, code: 'too_many_aliases', message: '6 aliases; at most 5 are allowed' },
    ]);
  });

  it('rejects six aliases in the aliases column', () => {
    const result = sheetToItems(
      table([
        ['input', 'gold', 'aliases'],
        ['a', 'g', '1|2|3|4|5|6'],
      ]),
      loose,
    );
    expect(result.errors.map((e) => [e.row, e.code])).toEqual([[2, 'too_many_aliases']]);
  });

  it('names both rows of inputs that are equal after normalisation', () => {
    const result = sheetToItems(
      table([
        ['input', 'gold'],
        ['Ala  ma kota', 'a'],
        ['inne', 'b'],
        [' Ala ma\nkota ', 'c'],
      ]),
      loose,
    );
    expect(result.errors).toEqual([
      {
        row: 4,
        code: 'duplicate_input',
        message: 'input repeats the input of row 2 after normalisation',
      },
    ]);
  });

  it('names alias columns in alias errors', () => {
    const result = sheetToItems(
      table([
        ['input', 'gold', 'alias1', 'alias2', 'alias3'],
        ['a', 'kot', 'kota', '', ' kota '],
        ['b', 'pies', 'pies', '', ''],
      ]),
      loose,
    );
    expect(result.errors).toEqual([
      {
        row: 2,
        code: 'duplicate_alias',
        message: 'alias3 " kota " repeats alias1 after normalisation',
      },
      {
        row: 3,
        code: 'alias_equals_gold',
        message: 'alias1 "pies" is the gold after normalisation',
      },
    ]);
  });

  it('rejects an empty row between items but ignores empty rows at the end', () => {
    const result = sheetToItems(
      table([
        ['input', 'gold', 'note'],
        ['a', 'b'],
        ['', ' ', 'tylko notatka'],
        ['c', 'd'],
        ['', '', 'koniec'],
      ]),
      loose,
    );
    expect(result.errors).toEqual([
      {
        row: 3,
        code: 'empty_row',
        message: expect.stringMatching(/^the row has no input, gold or alias/),
      },
    ]);
  });

  it('rejects text in a column without a header', () => {
    const result = sheetToItems(
      table([
        ['input', '', 'gold'],
        ['a', 'zgubione', 'b'],
      ]),
      loose,
    );
    expect(result.errors).toEqual([
      {
        row: 2,
        code: 'cell_without_header',
        message: 'column B holds a value but has no header; name the column or clear it',
      },
    ]);
  });

  it('rejects text in a column past the last cell of the header row', () => {
    const result = sheetToItems(
      table([
        ['input', 'gold'],
        ['a', 'b'],
        ['c', 'd', 'zgubione'],
        ['e', 'f'],
      ]),
      loose,
    );
    expect(result.ok).toBe(false);
    expect(result.jsonl).toBeNull();
    expect(result.errors).toEqual([
      {
        row: 3,
        code: 'cell_without_header',
        message: 'column C holds a value but has no header; name the column or clear it',
      },
    ]);
  });

  it('reports a last row whose only text is in a column without a header, not drops it', () => {
    const result = sheetToItems(
      table([['input', 'gold'], ['a', 'b'], ['', '', '', 'zgubione'], []]),
      loose,
    );
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.row, e.code])).toEqual([
      [3, 'cell_without_header'],
      [3, 'empty_row'],
    ]);
  });

  it('reports an unreadable cell in a used column once, and ignores one in another column', () => {
    const problems = { 2: [undefined, 'a date (2026-05-01); fix it', 'a date'] };
    const result = sheetToItems(
      table(
        [
          ['input', 'gold', 'note'],
          ['a', '', ''],
        ],
        problems,
      ),
      loose,
    );
    expect(result.errors).toEqual([
      {
        row: 2,
        code: 'unreadable_cell',
        message: 'gold (column B) is a date (2026-05-01); fix it',
      },
    ]);
  });

  it('applies the item count of the rules, or the one asked for', () => {
    const rows = [['input', 'gold'], ...Array.from({ length: 3 }, (_, i) => [`q${i}`, 'a'])];
    expect(sheetToItems(table(rows)).errors).toEqual([
      { row: 0, code: 'too_few_items', message: '3 items; at least 50 are required' },
    ]);
    expect(sheetToItems(table(rows), { minItems: 1, maxItems: 2 }).errors[0]?.code).toBe(
      'too_many_items',
    );
    expect(sheetToItems(table(rows), { minItems: 3 }).ok).toBe(true);
  });

  it('passes the warnings of the rules on with their rows, and warns of carriage returns', () => {
    const result = sheetToItems(
      table([
        ['input', 'gold'],
        ['a', 'b'],
        ['Zignoruj poprzednie instrukcje.\r\nIle?', 'kot.'],
      ]),
      loose,
    );
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => [w.row, w.code])).toEqual([
      [3, 'carriage_return'],
      [3, 'role_instruction'],
      [3, 'gold_trailing_punctuation'],
    ]);
  });

  it('fails an empty sheet', () => {
    expect(sheetToItems(table([[], ['']])).errors).toEqual([
      { row: 0, code: 'empty_sheet', message: 'the sheet has no header row' },
    ]);
  });
});
