import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../package-root.js';
import { loadGenerator } from './load-generator.js';

const example = packagePath('examples', 'relative-pronoun');
const compiled = packagePath('dist', 'examples', 'relative-pronoun', 'generator.js');
const built =
  existsSync(compiled) &&
  statSync(compiled).mtimeMs >= statSync(join(example, 'generator.ts')).mtimeMs;

describe('loadGenerator', () => {
  it.skipIf(!built)(
    'loads an example of this package from its compiled copy under dist/',
    async () => {
      const loaded = await loadGenerator(example);
      expect(loaded.file).toBe(join(example, 'generator.ts'));
      expect(loaded.loaded).toBe(compiled);
      expect(loaded.generator.name).toBe('relative-pronoun');
    },
  );

  it('loads TypeScript outside the build through tsx when asked not to compile it', async () => {
    const fixture = packagePath('tests', 'fixtures', 'generator', 'runs-dry');
    const loaded = await loadGenerator(fixture, { compile: false });
    expect(loaded.loaded).toBe(join(fixture, 'generator.ts'));
    expect(loaded.generator.families.map((f) => f.id)).toEqual(['twenty-inputs']);
  });

  it('loads TypeScript outside the build from its compiled copy in the cache', async () => {
    const fixture = packagePath('tests', 'fixtures', 'generator', 'runs-dry');
    const loaded = await loadGenerator(fixture);
    expect(loaded.file).toBe(join(fixture, 'generator.ts'));
    expect(loaded.loaded).toMatch(/rpe-[^/]+\/typescript\/[0-9a-f]{32}\.mjs$/);
    expect(loaded.generator.families.map((f) => f.id)).toEqual(['twenty-inputs']);
  });

  it('says what is missing', async () => {
    await expect(loadGenerator(packagePath('tests', 'fixtures', 'generator'))).rejects.toThrow(
      /no generator\.ts, generator\.js, generator\.mjs or generate\.py in this folder/,
    );
    await expect(
      loadGenerator(packagePath('tests', 'fixtures', 'generator', 'exports-nothing')),
    ).rejects.toThrow(/exports no generator/);
  });
});
