import { readItemsFile } from '../items/index.js';
import { RpeError } from '../../framework/index.js';
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
  /** Where the matrix goes; not written when the custom evaluator rejects a gold. */
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
  output: string | null;
  n_items: number;
  n_models: number;
  evaluator:
    | { kind: 'aliases' }
    | { kind: 'custom'; path: string; sandbox: EvaluatorSandbox; starts: number };
}

// `rpe evaluate`: reads the items and a responses folder, marks every answer, writes the matrix.
export async function evaluateResponsesDir(
  options: EvaluateDirOptions,
): Promise<EvaluateDirResult> {
  const items = readItemsFile(options.itemsPath);
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
  let python: PythonEvaluator | undefined;
  try {
    if (options.evaluatorPath) {
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
      n_items: items.length,
      n_models: responses.length,
      ...result,
      evaluator:
        options.evaluatorPath && python
          ? {
              kind: 'custom',
              path: options.evaluatorPath,
              sandbox: options.sandbox ?? 'none',
              starts: python.starts,
            }
          : { kind: 'aliases' },
    };
  } finally {
    await python?.close();
  }
}
