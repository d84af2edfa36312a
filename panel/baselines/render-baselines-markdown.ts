import type { Item } from '../../framework/index.js';
import type { BaselinesReport } from './run-baselines.js';

const cell = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const percent = (n: number, d: number) => (d === 0 ? '0%' : `${((100 * n) / d).toFixed(0)}%`);

// The shortcut report as Markdown: per baseline, per family, then every flagged item.
export function renderBaselinesMarkdown(report: BaselinesReport, items: readonly Item[]): string {
  const out: string[] = ['# Shortcut baselines', ''];
  out.push(
    `${report.n_flagged} of ${report.n_items} items (${percent(report.n_flagged, report.n_items)}) are answered correctly by at least one trivial answerer, so they may not need Polish.`,
  );
  if (report.lexicon.note) out.push('', `Lexicon baseline skipped: ${report.lexicon.note}.`);
  out.push(
    '',
    '| baseline | what it answers | answered | correct |',
    '| --- | --- | ---: | ---: |',
  );
  for (const b of report.baselines) {
    out.push(
      `| ${b.name} | ${cell(b.description)} | ${b.answered} | ${b.correct} (${percent(b.correct, report.n_items)}) |`,
    );
  }
  if (report.families) {
    out.push(
      '',
      '## Per family',
      '',
      '| family | items | flagged | by baseline |',
      '| --- | ---: | ---: | --- |',
    );
    for (const f of report.families) {
      const by = Object.entries(f.by_baseline)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ');
      out.push(
        `| ${cell(f.family)} | ${f.n_items} | ${f.flagged} (${percent(f.flagged, f.n_items)}) | ${by || '—'} |`,
      );
    }
  }
  if (report.flagged.length > 0) {
    out.push(
      '',
      '## Flagged items',
      '',
      '| item | gold | answered by | input |',
      '| ---: | --- | --- | --- |',
    );
    for (const f of report.flagged) {
      const input = items[f.item - 1]?.input ?? '';
      out.push(`| ${f.item} | ${cell(f.gold, 40)} | ${f.flagged_by.join(', ')} | ${cell(input)} |`);
    }
  }
  return `${out.join('\n')}\n`;
}
