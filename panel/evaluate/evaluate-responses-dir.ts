import { lstatSync, readFileSync, rmSync } from 'node:fs';
import { readItemsFile } from '../items/index.js';
import { RpeError, checkWritablePath } from '../../framework/index.js';
import {
  evaluateResponses,
  refuseAliasesWithEvaluator,
  type EvaluateResult,
} from './evaluate-responses.js';
import {
  startPythonEvaluator,
  type EvaluatorSandbox,
  type PythonEvaluator,
} from './python-evaluator.js';
import { readResponsesDir } from './read-responses-dir.js';
import { writeMatrix } from './write-matrix.js';

export interface EvaluateDirOptions {
  itemsPath: string;
  responsesDir: string;
  /** Where the matrix goes; when nothing can be marked, no matrix is there after the run. */
  outputPath: string;
  /** Model ids in matrix order (a models file); default: every *.jsonl in name order. */
  models?: readonly string[];
  /** A custom evaluator.py; default: the aliases evaluator. */
  evaluatorPath?: string;
  sandbox?: EvaluatorSandbox;
  image?: string;
  python?: string;
  callTimeoutMs?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface EvaluateDirResult extends EvaluateResult {
  /** The matrix written; null when nothing was marked (`status` is not `ok`). */
  output: string | null;
  /**
   * True when nothing was marked and an older file at the output path was removed, so that no
   * later `rpe score` reads a matrix of other responses as if it were this run's.
   */
  removed_stale_output: boolean;
  n_items: number;
  n_models: number;
  evaluator:
    | { kind: 'aliases' }
    | { kind: 'custom'; path: string; sandbox: EvaluatorSandbox; starts: number };
}

// `rpe evaluate`: reads the items and a responses folder, marks every answer, writes the matrix.
// When nothing can be marked (no answers, a gold the evaluator rejects), no matrix is written and
// an older one at the output path is removed.
export async function evaluateResponsesDir(
  options: EvaluateDirOptions,
): Promise<EvaluateDirResult> {
  const items = readItemsFile(options.itemsPath);
  // Before any marking: a matrix that cannot be written must not cost an evaluator run first.
  checkWritablePath(options.outputPath, 'file', {
    inputs: [options.itemsPath, ...(options.evaluatorPath ? [options.evaluatorPath] : [])],
  });
  const responses = readResponsesDir(
    options.responsesDir,
    items,
    options.models ? { models: options.models } : {},
  );
  const seen = new Map<string, string | null>();
  for (const r of responses) {
    if (seen.has(r.model)) {
      throw new RpeError(
        'responses_duplicate_model',
        `${r.file} and ${seen.get(r.model)} both hold answers of model ${r.model}`,
      );
    }
    seen.set(r.model, r.file);
  }
  // Refused before any Python process starts.
  if (options.evaluatorPath) refuseAliasesWithEvaluator(items);
  const answered = responses.some((r) => r.predictions.some((p) => p !== null));
  let python: PythonEvaluator | undefined;
  try {
    if (options.evaluatorPath && answered) {
      python = await startPythonEvaluator({
        path: options.evaluatorPath,
        sandbox: options.sandbox ?? 'none',
        ...(options.image ? { image: options.image } : {}),
        ...(options.python ? { python: options.python } : {}),
        ...(options.callTimeoutMs ? { callTimeoutMs: options.callTimeoutMs } : {}),
      });
    }
    const result = await evaluateResponses({
      items,
      responses,
      ...(python ? { evaluator: python } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    if (result.matrix) writeMatrix(options.outputPath, result.matrix);
    return {
      output: result.matrix ? options.outputPath : null,
      removed_stale_output: result.matrix ? false : removeStaleOutput(options.outputPath),
      n_items: items.length,
      n_models: responses.length,
      ...result,
      evaluator: options.evaluatorPath
        ? {
            kind: 'custom',
            path: options.evaluatorPath,
            sandbox: options.sandbox ?? 'none',
            starts: python?.starts ?? 0,
          }
        : { kind: 'aliases' },
    };
  } finally {
    await python?.close();
  }
}

/** A matrix of 200 items and a large panel is far smaller: a larger file is not one of ours. */
const MAX_MATRIX_BYTES = 16 * 1024 * 1024;

// Whether the file at `path` is a correctness matrix, as writeMatrix writes it.
function isMatrixFile(path: string): boolean {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats?.isFile() || stats.size > MAX_MATRIX_BYTES) return false;
  try {
    const doc: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof doc !== 'object' || doc === null) return false;
    const { models, correct } = doc as { models?: unknown; correct?: unknown };
    return (
      Array.isArray(models) &&
      models.every((m) => typeof m === 'string') &&
      Array.isArray(correct) &&
      correct.every((row) => Array.isArray(row))
    );
  } catch {
    return false;
  }
}

/**
 * Removes an older matrix at `path`; true when there was one. Only what this command writes is
 * removed: a file there that is not a correctness matrix (a models list, a responses file, a
 * link) is left as it is.
 */
function removeStaleOutput(path: string): boolean {
  if (!isMatrixFile(path)) return false;
  try {
    rmSync(path);
  } catch (cause) {
    throw new RpeError(
      'output_unwritable',
      `cannot remove the stale matrix ${path}: ${String(cause)}`,
      {
        cause,
      },
    );
  }
  return true;
}
