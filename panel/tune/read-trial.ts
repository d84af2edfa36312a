import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  RpeError,
  parseMatrix,
  readMeta,
  readSource,
  type CorrectnessMatrix,
} from '../../framework/index.js';
import { officialItems } from '../trial/seed-set.js';

/** One set of a trial as tuning needs it: its item lines, the family of each, its matrix. */
export interface TrialSet {
  label: string;
  seed: number | null;
  /** The folder its tuned set goes to inside the output folder, e.g. `seed-11`. */
  folder: string;
  /** The items file's lines, as written (one item each). */
  lines: string[];
  /** The meta sidecar's lines, one per item. */
  metaLines: string[];
  families: string[];
  matrix: CorrectnessMatrix;
}

export interface TrialData {
  dir: string;
  models: string[];
  sets: TrialSet[];
}

const summarySchema = z.object({
  sets: z
    .array(
      z.object({
        label: z.string(),
        seed: z.number().int().nullable(),
        items: z.string().min(1),
        meta: z.string().min(1).nullable(),
      }),
    )
    .min(1),
  panel: z.object({ models: z.array(z.string()).min(1) }).nullable(),
  scores: z.array(z.object({ label: z.string(), matrix: z.string().min(1) })),
});

const lines = (bytes: Uint8Array) =>
  new TextDecoder()
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l, i, all) => i < all.length - 1 || l !== '');

function parseJson(bytes: Uint8Array, where: string, code: string): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new RpeError(code, `${where}: not valid JSON (${reason})`, { cause });
  }
}

/**
 * Reads what `rpe trial` left in its folder: summary.json names every set, its items, its meta
 * sidecar and its matrix. A trial without answers (--items-only), without meta sidecars, or
 * whose files disagree with each other is refused (exit 2) with the file and the reason.
 */
export function readTrial(dir: string): TrialData {
  const summaryPath = join(dir, 'summary.json');
  if (!existsSync(summaryPath)) {
    throw new RpeError(
      'trial_unreadable',
      `${dir}: no summary.json: not a finished trial folder (run rpe trial first)`,
    );
  }
  const raw = parseJson(readSource(summaryPath, { stdin: false }), summaryPath, 'trial_unreadable');
  const parsed = summarySchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new RpeError(
      'trial_unreadable',
      `${summaryPath}: ${first?.path.join('.') || 'summary'}: ${first?.message ?? 'not a trial summary'}`,
    );
  }
  const summary = parsed.data;
  if (!summary.panel) {
    throw new RpeError(
      'trial_without_answers',
      `${summaryPath}: the trial was made with --items-only: no answers to tune on (run rpe trial with --models-file)`,
    );
  }
  const models = summary.panel.models;
  const sets = summary.sets.map((s, index): TrialSet => {
    if (s.meta === null) {
      throw new RpeError(
        'trial_without_meta',
        `${summaryPath}: ${s.label} has no meta sidecar: weights need the family of every item (a framework or rpe init generator writes meta.jsonl; with --sets put NAME.meta.jsonl beside NAME.jsonl)`,
      );
    }
    const score = summary.scores.find((x) => x.label === s.label);
    if (!score) throw new RpeError('trial_unreadable', `${summaryPath}: ${s.label} has no score`);
    const itemsPath = join(dir, s.items);
    const bytes = readSource(itemsPath, { stdin: false, code: 'items_unreadable' });
    const items = officialItems(bytes, itemsPath);
    const metaPath = join(dir, s.meta);
    const metaBytes = readSource(metaPath, { stdin: false, code: 'meta_unreadable' });
    const families = readMeta(metaBytes, metaPath);
    const matrixPath = join(dir, score.matrix);
    const matrix = parseMatrix(
      parseJson(readSource(matrixPath, { stdin: false }), matrixPath, 'invalid_matrix'),
      matrixPath,
    );
    for (const [what, n] of [
      [metaPath, families.length],
      [matrixPath, matrix.correct.length],
    ] as const) {
      if (n !== items.length)
        throw new RpeError(
          'meta_mismatch',
          `${what} has ${n} rows but ${itemsPath} has ${items.length} items`,
        );
    }
    if (matrix.models.join('\n') !== models.join('\n'))
      throw new RpeError(
        'invalid_matrix',
        `${matrixPath}: its models are not the trial panel's (${models.join(', ')})`,
      );
    return {
      label: s.label,
      seed: s.seed,
      // Named again, not taken from summary.json: the outputs stay inside the output folder.
      folder: s.seed === null ? `set-${index + 1}` : `seed-${s.seed}`,
      lines: lines(bytes),
      metaLines: lines(metaBytes),
      families,
      matrix,
    };
  });
  return { dir, models, sets };
}
