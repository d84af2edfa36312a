import type { FamilyRow } from './family-table.js';
import type { ScoreResult } from './score.js';

function fixed(x: number): string {
  return x.toFixed(4);
}

function table(header: string[], rows: (string | number)[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

// Model names may hold characters Markdown tables treat as syntax.
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/**
 * The score report as Markdown: the four figures, the least separated pair, then the per-item,
 * per-pair and per-family tables that were asked for.
 */
export function scoreMarkdown(
  result: ScoreResult,
  options: { perItem?: boolean; perPair?: boolean; families?: readonly FamilyRow[] } = {},
): string {
  const lines = [
    '# Score',
    '',
    `${result.n_items} items, ${result.n_models} models.`,
    '',
    ...table(
      ['component', 'value'],
      [
        ['discrimination', fixed(result.discrimination)],
        ['diversity', fixed(result.diversity)],
        ['separation', fixed(result.separation)],
        ['**score**', `**${fixed(result.score)}**`],
      ],
    ),
  ];
  const least = result.least_separated;
  if (least) {
    lines.push(
      '',
      `Least separated pair: ${cell(least.a)} and ${cell(least.b)}, disagreement ${fixed(least.disagreement)}, credit ${fixed(least.credit)}.`,
    );
  }
  if (options.families) {
    lines.push('', '## Families', '');
    lines.push(
      ...table(
        ['family', 'items', 'mean discrimination', 'mean p', 'distinct bitvectors'],
        options.families.map((f) => [
          cell(f.family),
          f.n_items,
          fixed(f.mean_discrimination),
          fixed(f.mean_p),
          f.distinct_bitvectors,
        ]),
      ),
    );
  }
  if (options.perItem) {
    lines.push(
      '',
      '## Items',
      '',
      `Bitvector positions, in order: ${result.models.map(cell).join(', ')}.`,
      '',
    );
    lines.push(
      ...table(
        ['item', 'p', 'bitvector', 'discrimination'],
        result.items.map((i) => [
          i.index,
          fixed(i.p),
          `\`${i.bitvector}\``,
          fixed(i.discrimination),
        ]),
      ),
    );
  }
  if (options.perPair) {
    lines.push('', '## Model pairs', '');
    lines.push(
      ...table(
        ['model a', 'model b', 'disagreement', 'credit'],
        result.pairs.map((p) => [cell(p.a), cell(p.b), fixed(p.disagreement), fixed(p.credit)]),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
