import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Item } from '../rules/index.js';

/**
 * Canonical JSONL: one object per line with keys input, gold, aliases in that order, aliases
 * left out when empty, UTF-8 without ASCII escaping, "\n" line ends and a final newline. Python's
 * json.dumps(..., ensure_ascii=False, separators=(",", ":")) gives the same bytes.
 */
export function formatItems(items: readonly Item[]): string {
  return items
    .map((item) => {
      const record: Item = { input: item.input, gold: item.gold };
      if (item.aliases && item.aliases.length > 0) record.aliases = [...item.aliases];
      return `${JSON.stringify(record)}\n`;
    })
    .join('');
}

/**
 * Writes a file whole or not at all: the text goes to a temporary file in the same folder, which
 * is then renamed over the target, so a failure never leaves a partial file behind.
 */
export function writeFileAtomic(path: string, text: string): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text, 'utf8');
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
