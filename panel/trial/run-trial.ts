import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { RpeError, overlap, writeFileAtomic } from '../../framework/index.js';
import type { QueryResult } from '../query/index.js';
import { checkEvaluator } from './check-evaluator.js';
import { makeSeedSets } from './make-seed-sets.js';
import { renderTrialHtml } from './render-trial-html.js';
import { renderTrialMarkdown } from './render-trial-markdown.js';
import type { SetSource } from './resolve-set-source.js';
import { scoreSetOnPanel, type PanelOptions } from './score-set-on-panel.js';
import {
  summarizeScores,
  type PanelInfo,
  type ScoredSet,
  type Components,
  type TrialSummary,
} from './summarize-trial.js';

export interface TrialOptions {
  source: SetSource;
  /** Seeds to materialise (a generator), or labels for the --sets files (optional). */
  seeds: number[] | null;
  /** The trial folder: per-set folders, summary.json, report.md, report.html. */
  outDir: string;
  /** Make and check the sets only; the panel is not asked. */
  itemsOnly?: boolean;
  /** Required unless itemsOnly. */
  panel?: PanelOptions;
  signal?: AbortSignal;
  onEvent?: (event: TrialEvent) => void;
}

/** What the trial tells its caller as it goes (the CLI draws progress from these). */
export type TrialEvent =
  | { type: 'set-start'; label: string }
  | { type: 'set-made'; label: string; n_items: number }
  | { type: 'query-progress'; label: string; done: number; total: number; model: string }
  | { type: 'query-done'; label: string; query: QueryResult }
  | { type: 'scored'; label: string; score: Components };

/** The report files, relative paths inside the trial folder. */
export const TRIAL_FILES = {
  summary: 'summary.json',
  markdown: 'report.md',
  html: 'report.html',
} as const;

export type TrialOutcome =
  | {
      status: 'complete';
      summary: TrialSummary;
      files: { summary: string; markdown: string; html: string | null };
    }
  /** A set's answers are missing (failed requests, a refused model): rerun to ask only those. */
  | { status: 'incomplete'; label: string; query: QueryResult }
  /** The signal stopped the run; answers so far are kept in the cache. */
  | { status: 'stopped'; label: string };

/**
 * Rehearses Test B: materialises each set, asks the panel, marks and scores each set, and writes
 * summary.json, report.md and report.html. Reports of an earlier run are removed first, so a run
 * that stops leaves no report that looks current; the per-set folders and the answers stay (the
 * cache makes a rerun cheap).
 */
export async function runTrial(options: TrialOptions): Promise<TrialOutcome> {
  const { outDir, onEvent } = options;
  try {
    for (const file of Object.values(TRIAL_FILES)) rmSync(join(outDir, file), { force: true });
  } catch (cause) {
    const code = cause instanceof Error && 'code' in cause ? String(cause.code) : String(cause);
    throw new RpeError('output_unwritable', `cannot write ${outDir}: ${code}`, { cause });
  }
  const made = await makeSeedSets({
    source: options.source,
    seeds: options.seeds,
    outDir,
    onStart: (label) => onEvent?.({ type: 'set-start', label }),
  });
  for (const set of made.sets)
    onEvent?.({ type: 'set-made', label: set.label, n_items: set.items.length });

  const scored: ScoredSet[] = [];
  let requests = 0;
  let cached = 0;
  let evaluatorProblems = 0;
  const panel = options.itemsOnly ? undefined : options.panel;
  if (panel?.evaluatorPath) await checkEvaluator(panel.evaluatorPath, made.sets);
  if (panel) {
    for (const set of made.sets) {
      const outcome = await scoreSetOnPanel(set, outDir, panel, {
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (p) => onEvent?.({ type: 'query-progress', label: set.label, ...p }),
      });
      onEvent?.({ type: 'query-done', label: set.label, query: outcome.query });
      requests += outcome.query.requests;
      if (outcome.status === 'stopped') return { status: 'stopped', label: set.label };
      if (outcome.status === 'incomplete') {
        return { status: 'incomplete', label: set.label, query: outcome.query };
      }
      cached += outcome.query.models.reduce((sum, m) => sum + m.cached, 0);
      evaluatorProblems += outcome.evaluatorProblems;
      scored.push({ set, matrix: outcome.matrix, result: outcome.result });
      const { score, discrimination, diversity, separation } = outcome.result;
      onEvent?.({
        type: 'scored',
        label: set.label,
        score: { score, discrimination, diversity, separation },
      });
    }
  }

  const panelPart = summarizeScores(scored);
  const panelInfo: PanelInfo | null = panel
    ? {
        models: panel.models,
        endpoint: panel.config.chatUrl,
        evaluator: panel.evaluatorPath
          ? { kind: 'custom', path: panel.evaluatorPath }
          : { kind: 'aliases' },
        requests,
        cached,
        evaluator_problems: evaluatorProblems,
      }
    : null;
  const source = options.source;
  const summary: TrialSummary = {
    generator: {
      kind: source.kind,
      path: source.kind === 'files' ? null : source.path,
      name: made.name,
    },
    seeds: options.seeds,
    sets: made.sets.map((set) => ({
      label: set.label,
      seed: set.seed,
      items: `${set.folder}/items.jsonl`,
      meta: set.families ? `${set.folder}/meta.jsonl` : null,
      n_items: set.items.length,
      sha256: set.sha256,
    })),
    overlap: overlap(
      made.sets.map((s) => ({ name: s.label, inputs: s.items.map((i) => i.input) })),
    ),
    panel: panelInfo,
    ...panelPart,
    notes: trialNotes(
      options,
      made.sets.length,
      made.sets.some((s) => s.families !== null),
    ),
  };
  const files = {
    summary: join(outDir, TRIAL_FILES.summary),
    markdown: join(outDir, TRIAL_FILES.markdown),
    // The plots need the panel's answers: --items-only writes no HTML report.
    html: panel ? join(outDir, TRIAL_FILES.html) : null,
  };
  if (files.html) writeFileAtomic(files.html, await renderTrialHtml({ summary, scored }));
  writeFileAtomic(files.markdown, renderTrialMarkdown(summary));
  // Written last: a summary.json means the whole report is there.
  writeFileAtomic(files.summary, `${JSON.stringify(summary, null, 2)}\n`);
  return { status: 'complete', summary, files };
}

function trialNotes(options: TrialOptions, nSets: number, withMeta: boolean): string[] {
  const notes: string[] = [];
  if (nSets !== 3) {
    notes.push(`Test B materialises 3 seeds; this trial has ${nSets} set(s).`);
  }
  if (options.source.kind === 'submission' || options.source.kind === 'python') {
    notes.push(
      'The sets were made by the entrypoint as a local process, not isolated; `rpe sandbox run` runs it as the organisers will.',
    );
  }
  if (!withMeta) {
    notes.push(
      'No meta sidecar: no per-family figures (a framework generator and a Python one made by rpe init write one; with --sets, put NAME.meta.jsonl beside NAME.jsonl).',
    );
  }
  if (options.itemsOnly)
    notes.push('--items-only: the panel was not asked, so there are no scores.');
  return notes;
}
