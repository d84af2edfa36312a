import { parseModelsList } from './parse-models-list.js';
import { readSmallFile } from './read-small-file.js';

/** A models file is a short list of ids: anything larger is not one. */
export const MAX_MODELS_FILE_BYTES = 1 << 20;

// Reads and parses a models file (one id per line); refuses a folder, a pipe or a device rather
// than wait on it, and a file larger than MAX_MODELS_FILE_BYTES. Throws RpeError (exit 2).
export function readModelsFile(path: string): string[] {
  return parseModelsList(
    readSmallFile(path, MAX_MODELS_FILE_BYTES, 'models_unreadable').toString('utf8'),
    path,
  );
}
