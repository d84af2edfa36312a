import { z } from 'zod';
import { RpeError } from '../../framework/index.js';

/** What the review sheet shows beside an item: where it came from and, for lexicon golds, its form. */
export interface SheetMeta {
  family: string;
  phenomenon: string;
  lemma: string;
  tag: string;
}

// A field of a meta line: text, a list of texts (shown joined), or absent/null for none.
const text = z
  .union([z.string(), z.array(z.string()), z.null()])
  .optional()
  .transform((v) => (Array.isArray(v) ? v.join('; ') : (v ?? '')));

// Other fields are allowed: the sidecar grows as the generator learns more about its items.
const metaLine = z.looseObject({
  family: text,
  phenomenon: text,
  lemma: text,
  tag: text,
});

/**
 * Reads the sidecar `rpe generate --meta` writes: one JSON object per item, in item order, with
 * `family` and `phenomenon`, and `lemma` and `tag` for items whose gold came from the lexicon.
 * A line that is not such an object is RpeError `invalid_meta` (exit 2) naming the file and line.
 */
export function readSheetMeta(content: Uint8Array | string, source: string): SheetMeta[] {
  const all = typeof content === 'string' ? content : new TextDecoder().decode(content);
  const lines = all.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line, i) => {
    const fail = (why: string) =>
      new RpeError('invalid_meta', `${source}: line ${i + 1}: ${why}`, { exitCode: 2 });
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw fail('not valid JSON');
    }
    const parsed = metaLine.safeParse(value);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? `"${first.path.join('.')}" ` : '';
      throw fail(`${where}must be an object of texts (${first?.message ?? 'invalid'})`);
    }
    const { family, phenomenon, lemma, tag } = parsed.data;
    return { family, phenomenon, lemma, tag };
  });
}
