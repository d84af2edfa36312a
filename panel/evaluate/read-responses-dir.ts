import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  RpeError,
  isRpeError,
  normalize,
  readSource,
  systemReason,
} from '../../framework/index.js';
import { modelFileName } from '../query/index.js';

/** The answers of one model, aligned with the items: null where it gave none. */
export interface ModelResponses {
  model: string;
  /** The responses file, or null when a listed model has none. */
  file: string | null;
  predictions: (string | null)[];
  /** Lines that are not a JSON object with a text answer, or that match no item. */
  skippedLines: { line: number; reason: string }[];
}

/** Field names read as the answer, in this order (rpe query writes `response`). */
export const ANSWER_FIELDS = ['response', 'prediction', 'output', 'answer', 'content'] as const;

/**
 * Reads every `*.jsonl` of a responses folder (one file per model), or the files of `models` in
 * that order. A line is matched to its item by `input` (after normalisation); a file whose lines
 * carry no `input` is matched by `item` (1-based) or else by line order; an `item` that is not a
 * positive integer is RpeError (exit 2) naming the file and line. The model name is the
 * `model` field of its lines, else the file name without `.jsonl`.
 */
export function readResponsesDir(
  dir: string,
  items: readonly { input: string }[],
  options: { models?: readonly string[] } = {},
): ModelResponses[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.jsonl') && !f.startsWith('.'));
  } catch (cause) {
    const why =
      (cause as { code?: unknown }).code === 'ENOTDIR' ? 'it is not a folder' : systemReason(cause);
    throw new RpeError('responses_unreadable', `cannot read ${dir}: ${why}`, { cause });
  }
  // Code-unit order, not the locale's: the matrix columns must not depend on the machine.
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (options.models) {
    return options.models.map((model) => {
      const file = join(dir, modelFileName(model));
      if (!existsSync(file))
        return { model, file: null, predictions: items.map(() => null), skippedLines: [] };
      return { ...readResponseFile(file, items), model };
    });
  }
  if (names.length === 0)
    throw new RpeError('responses_empty', `${dir}: no *.jsonl responses files`);
  return names.map((name) => readResponseFile(join(dir, name), items));
}

// Reads one model's responses file and aligns its answers with the items.
export function readResponseFile(
  file: string,
  items: readonly { input: string }[],
): ModelResponses {
  let text: string;
  try {
    // A pipe named *.jsonl is refused, not waited on; a model's answers have no size cap.
    const bytes = readSource(file, {
      stdin: false,
      code: 'responses_unreadable',
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
    text = new TextDecoder().decode(bytes);
  } catch (cause) {
    if (isRpeError(cause)) throw cause;
    throw new RpeError('responses_unreadable', `cannot read ${file}: ${systemReason(cause)}`, {
      cause,
    });
  }
  const byInput = new Map(items.map((item, index) => [normalize(item.input), index]));
  const predictions: (string | null)[] = items.map(() => null);
  const skippedLines: ModelResponses['skippedLines'] = [];
  const models = new Set<string>();
  const rows = text
    .split('\n')
    .flatMap((raw, i) => (raw.trim() === '' ? [] : [{ raw, line: i + 1 }]));
  const parsed = rows.map(({ raw, line }) => ({ line, value: parseObject(raw) }));
  const keyedByInput = parsed.some(({ value }) => typeof value?.input === 'string');
  parsed.forEach(({ line, value }, position) => {
    if (!value) return skippedLines.push({ line, reason: 'not a JSON object' });
    // An `item` that is there but no item number ("2", 1.5, null) is a broken file, not a line to
    // place by its position: that would mark the answer against another item's gold.
    if (!keyedByInput && 'item' in value && !isItemNumber(value.item)) {
      throw new RpeError(
        'responses_invalid',
        `${file} line ${line}: item is ${JSON.stringify(value.item) ?? String(value.item)}, not a positive integer (the 1-based item number); correct it or remove the field to match by line order`,
      );
    }
    if (typeof value.model === 'string') models.add(value.model);
    const answer = ANSWER_FIELDS.map((f) => value[f]).find((v) => typeof v === 'string');
    if (typeof answer !== 'string') {
      return skippedLines.push({ line, reason: `no text answer (${ANSWER_FIELDS.join(', ')})` });
    }
    const index = keyedByInput
      ? typeof value.input === 'string'
        ? byInput.get(normalize(value.input))
        : undefined
      : isItemNumber(value.item)
        ? value.item - 1
        : position;
    if (index === undefined || index < 0 || index >= items.length) {
      return skippedLines.push({ line, reason: 'matches no item of the items file' });
    }
    // A later line for the same item wins, as appended cache lines do.
    predictions[index] = answer;
  });
  const stem = basename(file).replace(/\.jsonl$/, '');
  const model = models.size === 1 ? ([...models][0] ?? stem) : stem;
  return { model, file, predictions, skippedLines };
}

function isItemNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function parseObject(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
