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
