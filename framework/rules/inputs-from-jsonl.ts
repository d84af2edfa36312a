import { RpeError } from '../errors.js';
import { readLines } from './read-lines.js';

/**
 * The `input` strings of a JSONL file, read leniently so the overlap of any parseable file can be
 * computed: blank lines, lines that are not objects and objects without a string `input` are
 * skipped and counted, bad UTF-8 and a BOM are tolerated. A line that is not JSON at all means
 * the file is not JSONL: RpeError `not_jsonl` (exit 2) naming the file and line.
 */
export function inputsFromJsonl(
  content: string | Uint8Array,
  source: string,
): { inputs: string[]; skipped: number } {
  const text =
    typeof content === 'string'
      ? content
      : new TextDecoder('utf-8', { ignoreBOM: false }).decode(content);
  const { lines } = readLines(text);
  const inputs: string[] = [];
  let skipped = 0;
  for (const { line, text: lineText, blank } of lines) {
    if (blank || lineText === null) continue;
    let value: unknown;
    try {
      value = JSON.parse(lineText);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new RpeError('not_jsonl', `${source}: line ${line} is not JSON (${reason})`, {
        exitCode: 2,
        cause: error,
      });
    }
    const input =
      typeof value === 'object' && value !== null
        ? (value as { input?: unknown }).input
        : undefined;
    if (typeof input === 'string') inputs.push(input);
    else skipped++;
  }
  return { inputs, skipped };
}
