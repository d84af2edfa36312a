import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  RpeError,
  isRpeError,
  readSource,
  systemReason,
  writeFileAtomic,
} from '../../framework/index.js';

/**
 * One line of a responses file, which is also the cache: `rpe query` appends a line as soon as an
 * answer arrives, so an interrupted run keeps every answer it got.
 */
export const responseRecordSchema = z.object({
  /** responseKey() of (endpoint, model, system message, input, decoding). */
  key: z.string(),
  /** The chat completions URL that answered (absent in files of older versions). */
  endpoint: z.string().optional(),
  model: z.string(),
  /** 1-based item number in the items file of the run that asked. */
  item: z.number().int().positive(),
  input: z.string(),
  response: z.string(),
  finish_reason: z.string().nullable().optional(),
});

export type ResponseRecord = z.infer<typeof responseRecordSchema>;

export interface ResponseCache {
  byKey: Map<string, ResponseRecord>;
  /** Lines that could not be read (a line cut short when a run was killed): they are asked again. */
  unreadableLines: number;
}

// Reads the cached answers of one responses file; a missing file is an empty cache.
export function readResponseCache(path: string): ResponseCache {
  const byKey = new Map<string, ResponseRecord>();
  let unreadableLines = 0;
  if (!existsSync(path)) return { byKey, unreadableLines };
  let text: string;
  try {
    // A pipe or a folder in the cache's place is refused, not waited on; the cache has no cap.
    const bytes = readSource(path, {
      stdin: false,
      code: 'cache_unreadable',
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
    text = new TextDecoder().decode(bytes);
  } catch (cause) {
    if (isRpeError(cause)) throw cause;
    throw new RpeError('cache_unreadable', `cannot read ${path}: ${systemReason(cause)}`, {
      cause,
    });
  }
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = parseLine(line);
    if (record) byKey.set(record.key, record);
    else unreadableLines += 1;
  }
  return { byKey, unreadableLines };
}

function parseLine(line: string): ResponseRecord | null {
  try {
    const parsed = responseRecordSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// Appends one answer as one line; a single small write, so a kill leaves at most one cut line.
export function appendResponse(path: string, record: ResponseRecord): void {
  appendFileSync(path, `${JSON.stringify(record)}\n`, 'utf8');
}

// Replaces the file with exactly these records, through a temporary file and a rename.
export function writeResponseFile(path: string, records: readonly ResponseRecord[]): void {
  writeFileAtomic(path, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
}

// Ends a file cut in the middle of a line with a newline, so the next append starts a fresh line.
export function endWithNewline(path: string): void {
  if (!existsSync(path)) return;
  const text = readFileSync(path);
  if (text.length > 0 && text[text.length - 1] !== 0x0a) appendFileSync(path, '\n');
}
