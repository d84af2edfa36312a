import { basename, join } from 'node:path';
import {
  RpeError,
  parseMatrix,
  readSource,
  validateItems,
  writeFilesAtomic,
  type FileToWrite,
} from '../../framework/index.js';
import { modelGroups, type HeldOutBy } from './model-groups.js';
import { pickRows } from './panel-rows.js';
import { readTrial } from './read-trial.js';
import { renderTuneHtml } from './render-tune-html.js';
import { tuneSubset, type SubsetResult } from './tune-subset.js';
import { tuneWeights, type WeightsResult } from './tune-weights.js';

export interface TuneCommon {
  /** Items per set, or 'auto'; for a trial, default its own size. */
  n?: number | 'auto';
  seed: number;
  /** How the held-out folds are cut, or null for no held-out estimate. */
  heldOut: HeldOutBy | null;
  /** A models file whose `# family: NAME` annotations group the panel. */
  modelsFile?: string;
  onFold?: (done: number, total: number) => void;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** What `rpe tune TRIAL_DIR --json` prints: the result without the per-set row lists. */
export function weightsDocument(result: WeightsResult, outDir: string) {
  const { kept: _kept, ...rest } = result;
  return { ...rest, out_dir: outDir };
}

/** What `rpe tune --items --json` prints: the result with pool line numbers for the rows. */
export function subsetDocument(result: SubsetResult, out: string) {
  const { rows, ...rest } = result;
  return { ...rest, lines: rows.map((r) => r + 1), out };
}

/**
 * Tunes a trial's family weights and writes, all or nothing, into `outDir`: tune.json, tune.html
 * and per set the tuned items.jsonl, meta.jsonl and matrix.json (so `rpe score` can check them).
 */
export async function tuneTrial(
  options: TuneCommon & { trialDir: string; outDir: string },
): Promise<{ result: WeightsResult; files: string[] }> {
  const trial = readTrial(options.trialDir);
  const groups = options.heldOut
    ? modelGroups(trial.models, {
        by: options.heldOut,
        ...(options.modelsFile ? { modelsFile: options.modelsFile } : {}),
      })
    : null;
  const result = tuneWeights(trial, {
    ...(options.n !== undefined ? { n: options.n } : {}),
    seed: options.seed,
    groups,
    ...(options.onFold ? { onFold: options.onFold } : {}),
  });
  const files: FileToWrite[] = trial.sets.flatMap((set, i) => {
    const kept = result.kept[i] ?? [];
    const pick = (lines: string[]) => kept.map((r) => `${lines[r] ?? ''}\n`).join('');
    const folder = join(options.outDir, set.folder);
    return [
      { path: join(folder, 'items.jsonl'), text: pick(set.lines) },
      { path: join(folder, 'meta.jsonl'), text: pick(set.metaLines) },
      { path: join(folder, 'matrix.json'), text: json(pickRows(set.matrix, kept)) },
    ];
  });
  for (const file of files.filter((f) => f.path.endsWith('items.jsonl'))) {
    assertValid(file.text as string, file.path);
  }
  files.push(
    {
      path: join(options.outDir, 'tune.json'),
      text: json(weightsDocument(result, options.outDir)),
    },
    {
      path: join(options.outDir, 'tune.html'),
      text: await renderTuneHtml(result, options.trialDir),
    },
  );
  writeFilesAtomic(files);
  return { result, files: files.map((f) => f.path) };
}

/** Where the subset's companions go: `items.jsonl` → `items.matrix.json`, `items.tune.html`. */
export function subsetCompanions(out: string): { matrix: string; html: string } {
  const stem = out.replace(/\.jsonl$/, '');
  return { matrix: `${stem}.matrix.json`, html: `${stem}.tune.html` };
}

/**
 * Picks the best subset of a pool and writes it in pool order to `out`, with its matrix and
 * tune.html beside it, all or nothing. The pool must pass every item rule but the set size.
 */
export async function tunePool(
  options: TuneCommon & { pool: string; matrix: string; out: string },
): Promise<{ result: SubsetResult; files: string[] }> {
  const bytes = readSource(options.pool, { stdin: false, code: 'items_unreadable' });
  const checked = validateItems(bytes, { minItems: 1, maxItems: Number.MAX_SAFE_INTEGER });
  const first = checked.errors[0];
  if (first) {
    throw new RpeError(
      'invalid_items',
      `${options.pool}${first.line > 0 ? ` line ${first.line}` : ''}: ${first.code}: ${first.message}`,
      { exitCode: 1 },
    );
  }
  const matrix = parseMatrix(readJson(options.matrix), options.matrix);
  if (matrix.correct.length !== checked.n_items) {
    throw new RpeError(
      'meta_mismatch',
      `${options.matrix} has ${matrix.correct.length} rows but the pool ${options.pool} has ${checked.n_items} items (one row per pool line)`,
    );
  }
  const groups = options.heldOut
    ? modelGroups(matrix.models, {
        by: options.heldOut,
        ...(options.modelsFile ? { modelsFile: options.modelsFile } : {}),
      })
    : null;
  if (options.n === undefined) throw new RpeError('usage', 'a pool needs --n (50-200, or auto)');
  const result = tuneSubset(matrix, {
    n: options.n,
    seed: options.seed,
    groups,
    ...(options.onFold ? { onFold: options.onFold } : {}),
  });
  const lines = new TextDecoder()
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const text = result.rows.map((r) => `${lines[r] ?? ''}\n`).join('');
  assertValid(text, options.out);
  const companions = subsetCompanions(options.out);
  const files: FileToWrite[] = [
    { path: options.out, text },
    { path: companions.matrix, text: json(pickRows(matrix, result.rows)) },
    { path: companions.html, text: await renderTuneHtml(result, basename(options.pool)) },
  ];
  writeFilesAtomic(files);
  return { result, files: files.map((f) => f.path) };
}

function readJson(path: string): unknown {
  const text = new TextDecoder().decode(readSource(path, { stdin: false }));
  try {
    return JSON.parse(text);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new RpeError('invalid_matrix', `${path}: not valid JSON (${reason})`, { cause });
  }
}

// A chosen set is a subset of valid items with distinct inputs and 50–200 of them: a failure here
// is a bug in the search, not bad input.
function assertValid(text: string, where: string): void {
  const check = validateItems(text);
  if (!check.format_ok)
    throw new Error(`${where}: the tuned set does not validate: ${check.errors[0]?.message}`);
}
