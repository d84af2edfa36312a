// The folds of the held-out estimate: `# family: NAME` annotations, else the organisation prefix.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { familyAnnotations, modelGroups } from './model-groups.js';

describe('model groups', () => {
  it('reads annotations on a model line and on a line of their own', () => {
    const text = [
      '# family: llama',
      'meta/Llama-3-8B',
      'other/llama-fine-tune',
      'qwen/Qwen2-7B  # family: qwen',
      '# a plain comment',
      'mistral/Mistral-7B # family: mistral',
      '',
      'meta/Llama-3-70B',
    ].join('\n');
    expect([...familyAnnotations(text)]).toEqual([
      ['meta/Llama-3-8B', 'llama'],
      ['other/llama-fine-tune', 'llama'],
      ['qwen/Qwen2-7B', 'qwen'],
      ['mistral/Mistral-7B', 'mistral'],
      ['meta/Llama-3-70B', 'llama'],
    ]);
  });

  it('groups by annotation, then by organisation, and keeps only folds that leave two models', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rpe-groups-'));
    try {
      const file = join(dir, 'models.txt');
      writeFileSync(file, 'x/a # family: one\ny/b # family: one\nz/c\nz/d\nw/e\n');
      const groups = modelGroups(['x/a', 'y/b', 'z/c', 'z/d', 'w/e'], {
        by: 'family',
        modelsFile: file,
      });
      expect(groups).toEqual({
        by: 'family',
        groups: [
          { name: 'one', models: ['x/a', 'y/b'] },
          { name: 'z', models: ['z/c', 'z/d'] },
          { name: 'w', models: ['w/e'] },
        ],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('falls back to one model per fold when the families cannot be left out one by one', () => {
    const oneFamily = modelGroups(['org/a', 'org/b', 'org/c'], { by: 'family' });
    expect(oneFamily.by).toBe('model');
    expect(oneFamily.groups.map((g) => g.name)).toEqual(['org/a', 'org/b', 'org/c']);
    // Two families of which one holds all but one model: leaving it out leaves one model.
    const lopsided = modelGroups(['p/a', 'p/b', 'p/c', 'q/d'], { by: 'family' });
    expect(lopsided.by).toBe('model');
  });
});

describe('a panel too small to fold', () => {
  it('has no folds under three models', () => {
    expect(modelGroups(['a/x', 'b/y'], { by: 'family' }).groups).toEqual([]);
    expect(modelGroups(['a/x', 'b/y'], { by: 'model' }).groups).toEqual([]);
  });
});
