// rpe generate and rpe provenance on Python generators: the same family table, capacity, overlap
// estimate, warnings and provenance as for the same generator written in TypeScript.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { estimateCapacity, expectedSetOverlap } from '../../framework/generator/index.js';
import { packagePath } from '../../framework/package-root.js';
import { hashDataDir } from '../../framework/rules/index.js';
import { temporaryFolder } from '../temporary-folder.js';
import { rpe } from './run-rpe.js';
import { copyOfScaffold } from './shared-scaffold.js';
import { PYTHON_RUNTIME } from './test-lexicon.js';

const work = temporaryFolder('rpe-python-generate-');

// Two families: one draws from 80 inputs (duplicates, so its capacity is estimated), one
// declares its capacity (60 for 50 items: above the overlap limit, so it warns).
const TS = `import { defineGenerator, family } from ${JSON.stringify(pathToFileURL(packagePath('dist', 'framework', 'index.js')).href)};
export default defineGenerator({
  name: 'twins',
  count: 100,
  families: [
    family({ id: 'small-pool', phenomenon: 'Liczby z małej puli.', contrast: 'Inna liczba.', sample(ctx) {
      const n = ctx.rng.int(1, 80);
      if (n % 9 === 0) return ctx.reject('multiple of nine');
      return { input: \`Ile to \${n} + 1?\`, gold: String(n + 1), aliases: [\`\${n + 1}.\`] };
    } }),
    family({ id: 'declared', phenomenon: 'Deklarowana pojemność.', contrast: 'Inny indeks.', weight: 1,
      capacity: () => 60,
      sample(ctx) { return { input: \`Zadanie \${ctx.index} z \${ctx.rng.int(1, 1000000)}\`, gold: 'tak' }; } }),
  ],
});
`;

const PY = `import sys
from rpe_runtime import define_generator, family, run_cli


def small_pool(ctx):
    n = ctx.rng.int(1, 80)
    if n % 9 == 0:
        return ctx.reject("multiple of nine")
    return {"input": f"Ile to {n} + 1?", "gold": str(n + 1), "aliases": [f"{n + 1}."]}


def declared(ctx):
    return {"input": f"Zadanie {ctx.index} z {ctx.rng.int(1, 1000000)}", "gold": "tak"}


GENERATOR = define_generator(name="twins", count=100, lexicon=${JSON.stringify(packagePath('data', 'morphology.sqlite'))}, families=[
    family(id="small-pool", phenomenon="Liczby z małej puli.", contrast="Inna liczba.", sample=small_pool),
    family(id="declared", phenomenon="Deklarowana pojemność.", contrast="Inny indeks.", weight=1,
           capacity=lambda lex: 60, sample=declared),
])

if __name__ == "__main__":
    sys.exit(run_cli(GENERATOR))
`;

function twins(): { ts: string; py: string } {
  const ts = join(work, 'ts');
  const py = join(work, 'py');
  mkdirSync(ts, { recursive: true });
  writeFileSync(join(ts, 'generator.mjs'), TS);
  cpSync(join(PYTHON_RUNTIME, 'rpe_runtime'), join(py, 'rpe_runtime'), {
    recursive: true,
    filter: (source) => !source.includes('__pycache__'),
  });
  writeFileSync(join(py, 'generate.py'), PY);
  return { ts, py };
}

describe('rpe generate on a Python generator', () => {
  const { ts, py } = twins();

  it('prints the same family table, capacities, overlap and warnings as the TypeScript twin', async () => {
    for (const seed of ['0', '7']) {
      const out = (name: string) => join(work, `${name}-${seed}.jsonl`);
      const [a, b] = await Promise.all([
        rpe([
          'generate',
          ts,
          '--seed',
          seed,
          '--out',
          out('ts'),
          '--meta',
          out('ts-meta'),
          '--json',
        ]),
        rpe([
          'generate',
          py,
          '--seed',
          seed,
          '--out',
          out('py'),
          '--meta',
          out('py-meta'),
          '--json',
        ]),
      ]);
      expect(a.exitCode, a.stderr).toBe(0);
      expect(b.exitCode, b.stderr).toBe(0);
      const tsDoc = JSON.parse(a.stdout) as Record<string, unknown>;
      const pyDoc = JSON.parse(b.stdout) as Record<string, unknown>;
      expect(pyDoc.runtime).toBe('python');
      const strip = (doc: Record<string, unknown>) => ({
        ...doc,
        runtime: null,
        out: null,
        meta: null,
      });
      expect(strip(pyDoc)).toEqual(strip(tsDoc));
      const families = tsDoc.families as { id: string; capacity_source: string }[];
      expect(families.map((f) => [f.id, f.capacity_source])).toEqual([
        ['small-pool', 'estimated'],
        ['declared', 'declared'],
      ]);
      expect(tsDoc.warnings).toContainEqual(
        expect.objectContaining({ code: 'seed_overlap_risk', family: 'declared' }),
      );
      expect(readFileSync(out('py'))).toEqual(readFileSync(out('ts')));
      expect(readFileSync(out('py-meta'))).toEqual(readFileSync(out('ts-meta')));
    }
  }, 300_000);

  it('prints the family table in text mode, and python3 generate.py warns as rpe does', async () => {
    const text = await rpe(['generate', py, '--seed', '1', '--out', join(work, 't.jsonl')]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/^wrote 100 items to .* \(generator twins, seed 1\)\n/);
    expect(text.stdout).toMatch(/\nsmall-pool +50 +\d+ +\d+ +\d+ +~\d+ +\d+\.\d%\n/);
    expect(text.stdout).toMatch(/\ndeclared +50 +50 +0 +0 +60 +71\.4%\n/);
    expect(text.stdout).toMatch(/\nwarning: family "declared": 50 items from about 60 distinct/);
    const direct = await execa(
      'python3',
      ['generate.py', '--seed', '1', '--out', join(work, 'd.jsonl')],
      {
        cwd: py,
        env: { PYTHONDONTWRITEBYTECODE: '1' },
      },
    );
    // The same warnings, word for word, as the ones rpe generate prints.
    const warnings = text.stdout
      .split('\n')
      .filter((line) => line.startsWith('warning: '))
      .join('\n');
    expect(warnings).toMatch(
      /family "declared": 50 items from about 60 distinct inputs \(declared\); two seeds would share about 71% \(limit 50%\)/,
    );
    expect(direct.stderr).toBe(warnings);
    expect(readFileSync(join(work, 'd.jsonl'))).toEqual(readFileSync(join(work, 't.jsonl')));
  }, 300_000);

  it('writes the same provenance declaration as for the TypeScript twin', async () => {
    const [a, b] = await Promise.all([rpe(['provenance', ts]), rpe(['provenance', py])]);
    expect(a.exitCode, a.stderr).toBe(0);
    expect(b.exitCode, b.stderr).toBe(0);
    expect(b.stdout).toContain('### small-pool');
    expect(b.stdout).toContain('- Items per seed: 50 of 100 (weight 1)');
    expect(b.stdout).toBe(a.stdout);
  }, 300_000);
});

describe('the Python runtime estimates seed overlap with the same arithmetic', () => {
  it('gives the capacity estimates and set overlaps of estimate-overlap.ts', async () => {
    const draws: [number, number][] = [];
    for (const distinct of [1, 5, 50, 99, 150, 200]) {
      for (const extra of [0, 1, 3, 20, 400]) draws.push([distinct + extra, distinct]);
    }
    const parts = [
      [
        [100, 5500],
        [50, null],
      ],
      [
        [50, 60],
        [50, 316],
      ],
      [[200, 1]],
    ] as [number, number | null][][];
    const script = `import json, sys
sys.path.insert(0, sys.argv[1])
from rpe_runtime.estimate import estimate_capacity, expected_set_overlap
q = json.load(sys.stdin)
print(json.dumps({"capacity": [estimate_capacity(d, n) for d, n in q["draws"]],
                  "overlap": [expected_set_overlap([tuple(p) for p in ps]) for ps in q["parts"]]}))
`;
    const { stdout } = await execa('python3', ['-c', script, PYTHON_RUNTIME], {
      input: JSON.stringify({ draws, parts }),
      env: { PYTHONDONTWRITEBYTECODE: '1' },
    });
    expect(JSON.parse(stdout)).toEqual({
      capacity: draws.map(([d, n]) => estimateCapacity(d, n)),
      overlap: parts.map((ps) =>
        expectedSetOverlap(ps.map(([quota, capacity]) => ({ quota, capacity }))),
      ),
    });
  });
});

describe('rpe generate and rpe provenance on a scaffold made by rpe init --lang py', () => {
  it('give its family table and its provenance declaration with the data hash of its README', async () => {
    const dir = join(work, 'scaffold');
    expect((await copyOfScaffold('py', dir)).exitCode).toBe(0);
    const run = await rpe([
      'generate',
      dir,
      '--seed',
      '4',
      '--out',
      join(work, 's.jsonl'),
      '--json',
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      runtime: 'python',
      n_items: 100,
      families: [{ id: 'placeholder', items: 100 }],
    });
    const provenance = await rpe(['provenance', dir, '--out', join(work, 'PROVENANCE.md')]);
    expect(provenance.exitCode, provenance.stderr).toBe(0);
    const text = readFileSync(join(work, 'PROVENANCE.md'), 'utf8');
    expect(text).toContain('### placeholder');
    expect(text).toContain(`data hash \`${hashDataDir(join(dir, 'data'))}\``);
    expect(readdirSync(dir).sort()).not.toContain('__pycache__');
  }, 600_000);
});
