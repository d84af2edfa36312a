import { RpeError, readSource } from '../../framework/index.js';

/** How the held-out folds are cut: one model each, or one model family each. */
export type HeldOutBy = 'model' | 'family';

export interface ModelGroups {
  by: HeldOutBy;
  /** Group name → its models, in panel order; groups in the order of their first model. */
  groups: { name: string; models: string[] }[];
}

const ANNOTATION = /#\s*family:\s*(\S.*?)\s*$/;

/**
 * The family of each model from a models file's `# family: NAME` annotations: at the end of a
 * model's line, or on a line of its own, for the models below it up to the next such line.
 */
export function familyAnnotations(text: string): Map<string, string> {
  const families = new Map<string, string>();
  let current: string | null = null;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const model = raw.replace(/#.*$/, '').trim();
    const named = ANNOTATION.exec(raw)?.[1] ?? null;
    if (model === '') {
      if (named !== null) current = named;
      continue;
    }
    const family = named ?? current;
    if (family !== null) families.set(model, family);
  }
  return families;
}

// The organisation part of `org/model`; a bare id is its own family.
export function organisation(model: string): string {
  const slash = model.indexOf('/');
  return slash > 0 ? model.slice(0, slash) : model;
}

/**
 * The folds of the held-out estimate for a panel. By family: the models file's annotations, else
 * the organisation prefix. A fold must leave at least two models to tune on, so a family grouping
 * that leaves none (one family, or one that holds all but one model) falls back to one model each.
 * A panel of fewer than three models has no folds (`groups` is empty).
 */
export function modelGroups(
  models: readonly string[],
  options: { by: HeldOutBy; modelsFile?: string },
): ModelGroups {
  // Read even when folding by model: a models file given and unreadable is an error either way.
  const annotated = options.modelsFile ? readAnnotations(options.modelsFile) : new Map();
  // Under three models no fold leaves two to tune on: no folds then.
  if (options.by === 'model')
    return {
      by: 'model',
      groups: models.length < 3 ? [] : models.map((m) => ({ name: m, models: [m] })),
    };
  const groups: { name: string; models: string[] }[] = [];
  for (const model of models) {
    const name = annotated.get(model) ?? organisation(model);
    const group = groups.find((g) => g.name === name);
    if (group) group.models.push(model);
    else groups.push({ name, models: [model] });
  }
  const usable = groups.filter((g) => models.length - g.models.length >= 2);
  if (groups.length < 2 || usable.length < 2) return modelGroups(models, { by: 'model' });
  return { by: 'family', groups: usable };
}

function readAnnotations(path: string): Map<string, string> {
  const bytes = readSource(path, { stdin: false, code: 'models_unreadable' });
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const families = familyAnnotations(text);
  if (text.trim() === '')
    throw new RpeError('models_empty', `${path}: no model ids (one per line, # for comments)`);
  return families;
}
