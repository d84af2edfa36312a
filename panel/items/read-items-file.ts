import { RpeError, readSource, validateItems, type Item } from '../../framework/index.js';

/**
 * Reads an items.jsonl for the panel. Any number of items is accepted (a trial run on ten items is
 * fine), but every other format rule holds: a broken line would shift the item numbers that link
 * responses, matrix rows and reports. Throws RpeError (exit 2) naming the file, line and rule.
 */
export function readItemsFile(path: string): Item[] {
  // A folder, a pipe or a device is refused before it is opened, and so is a file over the cap.
  const bytes = readSource(path, { stdin: false, code: 'items_unreadable' });
  const result = validateItems(bytes, { minItems: 1, maxItems: Number.MAX_SAFE_INTEGER });
  const first = result.errors[0];
  if (first) {
    const more =
      result.errors.length > 1 ? ` (and ${result.errors.length - 1} more; see rpe validate)` : '';
    const where = first.line > 0 ? ` line ${first.line}` : '';
    throw new RpeError('items_invalid', `${path}${where}: ${first.code}: ${first.message}${more}`);
  }
  return result.items;
}
