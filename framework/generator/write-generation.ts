import { assertDistinctOutputs } from '../assert-distinct-outputs.js';
import type { Lexicon } from '../lexicon/index.js';
import type { Generator } from './define-generator.js';
import { writeFilesAtomic, type FileToWrite } from '../write-file-atomic.js';
import { generate, type GenerationResult } from './generate.js';

export interface WriteGenerationOptions {
  seed: number;
  /** items.jsonl to write (canonical JSONL, atomically). */
  out: string;
  /** Optional sidecar: one {"family", "phenomenon", ...} line per item, in item order (see formatMeta). */
  meta?: string;
  lexicon?: Lexicon;
}

/** One line of the --meta sidecar. */
export interface MetaLine {
  family: string;
  phenomenon: string;
  /** When the gold came from ctx.answer(): the lemma and query asked, the gold's tag and lexeme id. */
  lemma?: string;
  query?: string;
  tag?: string;
  lexeme_id?: number;
}

// The sidecar the score report groups by and the checks read: one JSON line per item, in item
// order; the lexicon fields only when the gold came from ctx.answer().
export function formatMeta(result: Pick<GenerationResult, 'records'>): string {
  return result.records
    .map((r) => {
      const line: MetaLine = { family: r.family, phenomenon: r.phenomenon };
      if (r.lemma !== undefined) line.lemma = r.lemma;
      if (r.query !== undefined) line.query = r.query;
      if (r.tag !== undefined) line.tag = r.tag;
      if (r.lexemeId !== undefined) line.lexeme_id = r.lexemeId;
      return `${JSON.stringify(line)}\n`;
    })
    .join('');
}

/**
 * Generates one seed and writes its items (and the sidecar when asked), all or nothing: a failure
 * to write either file leaves neither behind.
 */
export function writeGeneration(
  generator: Generator,
  options: WriteGenerationOptions,
): GenerationResult {
  assertDistinctOutputs([
    { option: '--out', path: options.out },
    ...(options.meta ? [{ option: '--meta', path: options.meta }] : []),
  ]);
  const result = generate(generator, {
    seed: options.seed,
    ...(options.lexicon ? { lexicon: options.lexicon } : {}),
  });
  const files: FileToWrite[] = [{ path: options.out, text: result.jsonl }];
  if (options.meta) files.push({ path: options.meta, text: formatMeta(result) });
  writeFilesAtomic(files);
  return result;
}
