import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
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

/**
 * Refuses a responses file that is not a regular file of its own: a symbolic link (answers would
 * be appended to whatever it points at), a folder, a pipe or a device. RpeError
 * `cache_unreadable` (exit 2); a missing file is fine.
 */
export function assertResponseFile(path: string): void {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats || stats.isFile()) return;
  const kind = stats.isSymbolicLink()
    ? 'a symbolic link'
    : stats.isDirectory()
      ? 'a folder'
      : 'not a regular file';
  throw new RpeError(
    'cache_unreadable',
    `${path} is ${kind}: a responses file must be a regular file, which rpe query appends to`,
  );
}

// Reads the cached answers of one responses file; a missing file is an empty cache.
export function readResponseCache(path: string): ResponseCache {
  const byKey = new Map<string, ResponseRecord>();
  let unreadableLines = 0;
  assertResponseFile(path);
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

// Appends to a regular file only: a link planted at the name is refused by the open itself.
function appendToRegularFile(path: string, text: string): void {
  const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
  let fd: number;
  try {
    fd = openSync(path, flags | constants.O_NONBLOCK, 0o666);
  } catch (cause) {
    if ((cause as { code?: string }).code === 'ELOOP') assertResponseFile(path);
    throw new RpeError('output_unwritable', `cannot write ${path}: ${systemReason(cause)}`, {
      cause,
    });
  }
  try {
    if (!fstatSync(fd).isFile()) assertResponseFile(path);
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

// Appends one answer as one line; a single small write, so a kill leaves at most one cut line.
export function appendResponse(path: string, record: ResponseRecord): void {
  appendToRegularFile(path, `${JSON.stringify(record)}\n`);
}

// Replaces the file with exactly these records, through a temporary file and a rename.
export function writeResponseFile(path: string, records: readonly ResponseRecord[]): void {
  writeFileAtomic(path, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
}

// Ends a file cut in the middle of a line with a newline, so the next append starts a fresh line.
export function endWithNewline(path: string): void {
  if (!existsSync(path)) return;
  assertResponseFile(path);
  const text = readFileSync(path);
  if (text.length > 0 && text[text.length - 1] !== 0x0a) appendToRegularFile(path, '\n');
}
