import { join } from 'node:path';
import { writeFileAtomic } from '../../framework/index.js';
import type { Verdict } from './reasons.js';
import type { EngineUse } from './spread-over-engines.js';
import type { RunSettings } from './stale-because.js';

/** One submission's line in a batch summary. */
export interface BatchRow {
  name: string;
  /** A folder path, or `url@ref`. */
  source: string;
  commit: string | null;
  verdict: Verdict | 'error';
  reasons: string[];
  /** How many warnings the report lists (item warnings, uncommitted changes...). */
  warnings: number;
  tree_hash: string | null;
  /** The longest wall time of a seed, in seconds. */
  max_seed_seconds: number | null;
  /** The runner image and its ID, as the report records them. */
  image: string | null;
  image_id: string | null;
  /** The URL of the engine whose runs gave the verdict (null in local mode). */
  engine: string | null;
  toolkit_version: string;
  /** report.json, or null when the submission could not be checked. */
  report: string | null;
  /** True when an earlier finished report was reused. */
  resumed: boolean;
  /** Why an earlier report was not reused (`timeout 120 → 60`), when there was one. */
  rerun_because: string | null;
  /** The engines that failed while they had this submission, before the one that checked it. */
  requeued_from: string[];
  message: string | null;
}

function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const COLUMNS: (keyof BatchRow)[] = [
  'name',
  'source',
  'commit',
  'verdict',
  'reasons',
  'warnings',
  'tree_hash',
  'max_seed_seconds',
  'image',
  'image_id',
  'engine',
  'toolkit_version',
  'report',
  'resumed',
  'rerun_because',
  'requeued_from',
  'message',
];

/** The settings columns every CSV row repeats, so one row stands alone. */
const SETTING_COLUMNS = ['seeds', 'timeout_seconds', 'memory_bytes', 'cpus', 'executor'] as const;

function settingValues(settings: RunSettings): string[] {
  const l = settings.limits;
  return [
    settings.seeds.join(' '),
    String(l.timeout_seconds),
    String(l.memory_bytes),
    String(l.cpus),
    settings.executor,
  ];
}

function mib(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
}

// The engine cell of a row: where its verdict came from, and the engines it was taken from.
function engineCell(r: BatchRow): string {
  const from =
    r.requeued_from.length > 0
      ? ` (requeued from ${r.requeued_from.map((u) => `\`${u}\``).join(', ')})`
      : '';
  return `${r.engine ? `\`${r.engine}\`` : '–'}${from}`;
}

// One line of the engines list: what each engine of the pool did.
function engineLine(e: EngineUse): string {
  const did = `${e.finished} submission${e.finished === 1 ? '' : 's'}`;
  if (e.status === 'skipped') return `\`${e.url}\` skipped: ${e.reason}`;
  if (e.status === 'lost') return `\`${e.url}\` ${did}, then lost: ${e.reason}`;
  return `\`${e.url}\` ${did}`;
}

// One line of summary.md's table.
function markdownRow(r: BatchRow, withEngine: boolean): string {
  const reasons = r.verdict === 'error' ? (r.message ?? '') : r.reasons.join(', ') || '–';
  const seconds = r.max_seed_seconds === null ? '–' : `${r.max_seed_seconds.toFixed(2)} s`;
  const report = r.report ? `[report](${r.name}/report.md)` : '–';
  const commit = r.commit ? `\`${r.commit.slice(0, 12)}\`` : '–';
  const resumed = r.resumed ? ' (resumed)' : '';
  const engine = withEngine ? ` ${engineCell(r)} |` : '';
  return `| ${r.name} | ${r.verdict}${resumed} | ${reasons.replace(/\|/g, '\\|')} | ${r.warnings} | ${commit} | ${seconds} |${engine} ${report} |`;
}

/**
 * Writes summary.csv and summary.md for a batch, atomically. Both record what the verdicts were
 * made with: the seeds, the limits, the executor, and per submission the toolkit version, the
 * runner image's ID and the engine that ran it; summary.md also says what each engine did.
 */
export async function writeBatchSummary(
  outDir: string,
  rows: readonly BatchRow[],
  settings: RunSettings,
  engines: readonly EngineUse[] = [],
): Promise<{ csv: string; markdown: string }> {
  const docker = settings.executor === 'docker';
  const csvLines = [[...COLUMNS, ...SETTING_COLUMNS].join(',')];
  for (const row of rows) {
    const own = COLUMNS.map((c) =>
      csvField(
        c === 'reasons' || c === 'requeued_from'
          ? row[c].join(' ')
          : (row[c] as string | number | boolean | null),
      ),
    );
    csvLines.push([...own, ...settingValues(settings).map(csvField)].join(','));
  }
  const count = (v: BatchRow['verdict']) => rows.filter((r) => r.verdict === v).length;
  const l = settings.limits;
  const images = [
    ...new Set(rows.filter((r) => r.image).map((r) => `${r.image} \`${r.image_id ?? 'no id'}\``)),
  ];
  const toolkits = [...new Set(rows.map((r) => r.toolkit_version))];
  const md = [
    '# Track 2 batch',
    '',
    `${rows.length} submissions: ${count('eligible')} eligible, ${count('incomplete')} incomplete, ${count('disqualified')} disqualified, ${count('error')} not checked.`,
    '',
    `- seeds: ${settings.seeds.join(', ')}`,
    `- limits: ${l.timeout_seconds} s, ${mib(l.memory_bytes)}, ${l.cpus} CPU, ${l.pids} processes, output ${mib(l.output_bytes)}`,
    `- executor: ${settings.executor}${settings.executor === 'local' ? ' (NOT isolated)' : ''}`,
    `- toolkit: ${toolkits.join(', ')}`,
    `- images: ${images.length > 0 ? images.join(', ') : 'none'}`,
    ...(docker && engines.length > 0 ? [`- engines: ${engines.map(engineLine).join('; ')}`] : []),
    '',
    `| submission | verdict | reasons | warnings | commit | slowest seed |${docker ? ' engine |' : ''} report |`,
    `| --- | --- | --- | ---: | --- | ---: |${docker ? ' --- |' : ''} --- |`,
    ...rows.map((r) => markdownRow(r, docker)),
    '',
  ];
  const csv = join(outDir, 'summary.csv');
  const markdown = join(outDir, 'summary.md');
  writeFileAtomic(csv, `${csvLines.join('\n')}\n`);
  writeFileAtomic(markdown, md.join('\n'));
  return { csv, markdown };
}
