import { describe, expect, it } from 'vitest';
import { familyTable, readMeta } from './family-table.js';
import { score } from './score.js';
import { scoreMarkdown } from './score-markdown.js';

const result = score({
  models: ['A', 'B|x'],
  correct: [
    [1, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ],
});

describe('readMeta', () => {
  it('reads one family per line, ignoring other fields', () => {
    expect(readMeta('{"family": "case", "seed": 1}\n{"family": "gender"}\n', 'meta.jsonl')).toEqual(
      ['case', 'gender'],
    );
  });
  it('names the file and line of a bad line', () => {
    expect(() => readMeta('{"family": "case"}\n{"x": 1}\n', 'meta.jsonl')).toThrow(
      'meta.jsonl: line 2: no string "family" field',
    );
    expect(() => readMeta('{"family": "case"}\nnope\n', 'meta.jsonl')).toThrow(
      /line 2: not valid JSON/,
    );
    expect(() => readMeta('{"family": "case"}\n\n{"family": "case"}\n', 'meta.jsonl')).toThrow(
      /line 2: blank line/,
    );
  });
});

describe('familyTable', () => {
  it('groups items by family in order of first appearance', () => {
    expect(familyTable(result, ['b', 'a', 'b', 'b'])).toEqual([
      {
        family: 'b',
        n_items: 3,
        mean_discrimination: 2 / 3,
        mean_p: 2 / 3,
        distinct_bitvectors: 3,
      },
      { family: 'a', n_items: 1, mean_discrimination: 1, mean_p: 0.5, distinct_bitvectors: 1 },
    ]);
  });
  it('rejects a list of the wrong length', () => {
    expect(() => familyTable(result, ['a'])).toThrow(/1 lines but the matrix has 4 items/);
  });
});

describe('scoreMarkdown', () => {
  it('renders the figures and the tables that were asked for, escaping pipes', () => {
    const md = scoreMarkdown(result, {
      perItem: true,
      perPair: true,
      families: familyTable(result, ['a', 'a', 'b', 'b']),
    });
    expect(md).toContain(`| discrimination | ${result.discrimination.toFixed(4)} |`);
    expect(md).toContain(`| **score** | **${result.score.toFixed(4)}** |`);
    expect(md).toContain('| 1 | 0.5000 | `10` | 1.0000 |');
    expect(md).toContain('| A | B\\|x | 0.7500 | 1.0000 |');
    expect(md).toContain('| a | 2 | 1.0000 | 0.5000 | 1 |');
    expect(scoreMarkdown(result)).not.toContain('## Items');
  });
});
