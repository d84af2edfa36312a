import { join } from 'node:path';
import { writeFileAtomic } from '../../framework/index.js';

/** One submission's line in a batch summary. */
export interface BatchRow {
  name: string;
  /** A folder path, or `url@ref`. */
  source: string;
  commit: string | null;
  verdict: 'eligible' | 'disqualified' | 'error';
  reasons: string[];
  tree_hash: string | null;
  /** The longest wall time of a seed, in seconds. */
  max_seed_seconds: number | null;
  /** report.json, or null when the submission could not be checked. */
  report: string | null;
  /** True when an earlier finished report was reused. */
  resumed: boolean;
  message: string | null;
}

function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const COLUMNS: (keyof BatchRow)[] = [
  'name',
  'source',
  'commit',
  'verdict',
  'reasons',
  'tree_hash',
  'max_seed_seconds',
  'report',
  'resumed',
  'message',
];

// Writes summary.csv and summary.md for a batch, atomically.
export async function writeBatchSummary(
  outDir: string,
  rows: readonly BatchRow[],
): Promise<{ csv: string; markdown: string }> {
  const csvLines = [COLUMNS.join(',')];
  for (const row of rows) {
    csvLines.push(
      COLUMNS.map((c) =>
        csvField(
          c === 'reasons' ? row.reasons.join(' ') : (row[c] as string | number | boolean | null),
        ),
      ).join(','),
    );
  }
  const count = (v: BatchRow['verdict']) => rows.filter((r) => r.verdict === v).length;
  const md = [
    '# Track 2 batch',
    '',
    `${rows.length} submissions: ${count('eligible')} eligible, ${count('disqualified')} disqualified, ${count('error')} not checked.`,
    '',
    '| submission | verdict | reasons | commit | slowest seed | report |',
    '| --- | --- | --- | --- | ---: | --- |',
    ...rows.map((r) => {
      const reasons = r.verdict === 'error' ? (r.message ?? '') : r.reasons.join(', ') || '–';
      const seconds = r.max_seed_seconds === null ? '–' : `${r.max_seed_seconds.toFixed(2)} s`;
      const report = r.report ? `[report](${r.name}/report.md)` : '–';
      return `| ${r.name} | ${r.verdict} | ${reasons.replace(/\|/g, '\\|')} | ${r.commit ? `\`${r.commit.slice(0, 12)}\`` : '–'} | ${seconds} | ${report} |`;
    }),
    '',
  ];
  const csv = join(outDir, 'summary.csv');
  const markdown = join(outDir, 'summary.md');
  writeFileAtomic(csv, `${csvLines.join('\n')}\n`);
  writeFileAtomic(markdown, md.join('\n'));
  return { csv, markdown };
}
