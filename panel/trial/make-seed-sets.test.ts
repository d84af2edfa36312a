import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packagePath, scaffoldRepository } from '../../framework/index.js';
import { makeSeedSets, metaPathFor } from './make-seed-sets.js';
import { resolveSetSource } from './resolve-set-source.js';

const items = (n: number, tag = 'x') =>
  Array.from(
    { length: n },
    (_, i) => `${JSON.stringify({ input: `Pytanie ${tag} ${i}`, gold: `odpowiedź ${i}` })}\n`,
  ).join('');
const meta = (families: string[]) =>
  families.map((family) => `${JSON.stringify({ family, lemma: 'kot' })}\n`).join('');
const submission = (name: string) => packagePath('tests', 'fixtures', 'submissions', name);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-seed-sets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveSetSource', () => {
  it('takes a folder with a declaration as a framework generator, one with only an entrypoint as a submission', async () => {
    expect(await resolveSetSource({ generator: 'examples/past-tense-gender' })).toEqual({
      kind: 'framework',
      path: 'examples/past-tense-gender',
    });
    expect(await resolveSetSource({ generator: submission('good-python') })).toMatchObject({
      kind: 'submission',
    });
    await expect(resolveSetSource({ generator: submission('no-entrypoint') })).rejects.toThrow(
      /no entrypoint/,
    );
    await expect(resolveSetSource({ generator: 'x', sets: ['a.jsonl'] })).rejects.toThrow(
      /not both/,
    );
    await expect(resolveSetSource({})).rejects.toThrow(/GENERATOR/);
  });
});

describe('makeSeedSets from --sets', () => {
  it('copies each set into its folder with the meta sidecar found beside it', async () => {
    writeFileSync(join(dir, 'a.jsonl'), items(50, 'a'));
    writeFileSync(
      join(dir, 'a.meta.jsonl'),
      meta([...Array(25).fill('f1'), ...Array(25).fill('f2')]),
    );
    writeFileSync(join(dir, 'b.jsonl'), items(60, 'b'));
    const out = join(dir, 'out');
    const made = await makeSeedSets({
      source: { kind: 'files', files: [join(dir, 'a.jsonl'), join(dir, 'b.jsonl')] },
      seeds: null,
      outDir: out,
    });
    expect(made.name).toBeNull();
    expect(made.sets.map((s) => [s.folder, s.seed, s.items.length])).toEqual([
      ['set-1', null, 50],
      ['set-2', null, 60],
    ]);
    expect(made.sets[0]?.families?.slice(24, 26)).toEqual(['f1', 'f2']);
    expect(made.sets[1]?.families).toBeNull();
    expect(readFileSync(join(out, 'set-2', 'items.jsonl'), 'utf8')).toBe(items(60, 'b'));
    expect(readFileSync(join(out, 'set-1', 'meta.jsonl'), 'utf8')).toContain('"f2"');
    expect(metaPathFor('x/items.jsonl')).toBe('x/items.meta.jsonl');
  });

  it('labels the sets with --seeds, one per file', async () => {
    writeFileSync(join(dir, 'a.jsonl'), items(50));
    const made = await makeSeedSets({
      source: { kind: 'files', files: [join(dir, 'a.jsonl')] },
      seeds: [7],
      outDir: dir,
    });
    expect(made.sets[0]).toMatchObject({ label: 'seed 7', folder: 'seed-7', seed: 7 });
    await expect(
      makeSeedSets({
        source: { kind: 'files', files: [join(dir, 'a.jsonl')] },
        seeds: [1, 2],
        outDir: dir,
      }),
    ).rejects.toThrow(/one seed per file/);
  });

  it('refuses a set outside the official format (exit 1) and a sidecar of another length (exit 2)', async () => {
    writeFileSync(join(dir, 'few.jsonl'), items(10));
    await expect(
      makeSeedSets({
        source: { kind: 'files', files: [join(dir, 'few.jsonl')] },
        seeds: null,
        outDir: dir,
      }),
    ).rejects.toMatchObject({
      code: 'invalid_items',
      exitCode: 1,
      message: expect.stringMatching(/few\.jsonl: too_few_items: 10 items/),
    });
    writeFileSync(join(dir, 'a.jsonl'), items(50));
    writeFileSync(join(dir, 'a.meta.jsonl'), meta(['f1']));
    await expect(
      makeSeedSets({
        source: { kind: 'files', files: [join(dir, 'a.jsonl')] },
        seeds: null,
        outDir: join(dir, 'o'),
      }),
    ).rejects.toMatchObject({ code: 'meta_mismatch', exitCode: 2 });
  });
});

describe('makeSeedSets from a submission folder', () => {
  it('runs the entrypoint once per seed as a local process and keeps what it wrote', async () => {
    const made = await makeSeedSets({
      source: { kind: 'submission', path: submission('good-python') },
      seeds: [3, 4],
      outDir: dir,
    });
    expect(made.name).toBe('good-python');
    expect(made.sets.map((s) => [s.label, s.items.length, s.families])).toEqual([
      ['seed 3', 60, null],
      ['seed 4', 60, null],
    ]);
    expect(readFileSync(join(dir, 'seed-4', 'items.jsonl'), 'utf8')).toContain('Próbka 4.0');
  });

  it('stops with the run status when the entrypoint fails', async () => {
    await expect(
      makeSeedSets({
        source: { kind: 'submission', path: submission('runtime-error') },
        seeds: [0],
        outDir: dir,
      }),
    ).rejects.toMatchObject({
      code: 'generator_failed',
      exitCode: 1,
      message: expect.stringContaining('runtime_error'),
    });
  });
});

describe('makeSeedSets from a Python generator made by rpe init', () => {
  it('runs generate.py with the runtime meta sidecar: per-family sets, the bytes of the task command', async () => {
    const repo = join(dir, 'py-generator');
    await scaffoldRepository({ dir: repo, lang: 'py', git: false });
    expect(await resolveSetSource({ generator: repo })).toEqual({ kind: 'python', path: repo });

    const made = await makeSeedSets({
      source: { kind: 'python', path: repo },
      seeds: [5, 6],
      outDir: join(dir, 'trial'),
    });
    expect(made.name).toBe('track2-generator');
    expect(made.sets.map((s) => [s.label, s.items.length])).toEqual([
      ['seed 5', 100],
      ['seed 6', 100],
    ]);
    for (const set of made.sets) {
      expect(set.families).toEqual(Array.from({ length: 100 }, () => 'placeholder'));
      expect(readFileSync(join(dir, 'trial', set.folder, 'meta.jsonl'), 'utf8')).toContain(
        '"family":"placeholder"',
      );
    }
    // The same bytes as the organisers' command line, run by the sandbox's local executor.
    const plain = await makeSeedSets({
      source: { kind: 'submission', path: repo },
      seeds: [5, 6],
      outDir: join(dir, 'plain'),
    });
    expect(plain.sets.map((s) => s.sha256)).toEqual(made.sets.map((s) => s.sha256));
    expect(plain.sets[0]?.families).toBeNull();
  }, 60_000);
});
