import { RpeError } from '../../framework/index.js';
import { modelFileName } from './model-file-name.js';

/**
 * Reads a models file: one model id per line, `#` starts a comment, blank lines are skipped (the
 * task's development/models.txt). A repeated id, or two ids that would share a responses file, is
 * an error naming both lines, because their answers would overwrite each other.
 */
export function parseModelsList(text: string, fileName = 'models file'): string[] {
  const models: string[] = [];
  const seen = new Map<string, number>();
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const model = raw.replace(/#.*$/, '').trim();
      if (model === '') return;
      const file = modelFileName(model);
      const earlier = seen.get(file);
      if (earlier !== undefined) {
        throw new RpeError(
          'models_duplicate',
          `${fileName} line ${index + 1}: model ${JSON.stringify(model)} repeats line ${earlier} (same responses file ${file})`,
        );
      }
      seen.set(file, index + 1);
      models.push(model);
    });
  if (models.length === 0) {
    throw new RpeError('models_empty', `${fileName}: no model ids (one per line, # for comments)`);
  }
  return models;
}
