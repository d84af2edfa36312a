import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { validateItems } from '../../framework/rules/index.js';
import { openLexicon } from '../../framework/lexicon/index.js';
import { temporaryFolder } from '../temporary-folder.js';
import { ROOT, rpe } from './run-rpe.js';
import { copyOfScaffold } from './shared-scaffold.js';
import { HAS_LEXICON, TEST_LEXICON } from './test-lexicon.js';

const work = temporaryFolder('rpe-generate-');
const fixture = (name: string) => join(ROOT, 'tests', 'fixtures', 'generator', name);
// The --json document of the misspelt-lemma generator (TypeScript or Python): the genitive
// family's rejected draws counted and both warnings listed. Returns the count.
function expectLemmaWarnings(stdout: string): number {
  const doc = JSON.parse(stdout) as {
    families: { rejections: Record<string, number> }[];
    warnings: { code: string; family: string | null; message: string }[];
  };
  const rejected = doc.families[0]?.rejections['lexicon unknown_lemma'] ?? 0;
  expect(rejected).toBeGreaterThan(0);
  expect(doc.warnings).toContainEqual({
    code: 'unknown_lemma',
    family: 'genitive',
    message: `family "genitive" asks for the lemma "gazetaa", which the snapshot does not know (${rejected} draws rejected); check its spelling`,
  });
  expect(doc.warnings).toContainEqual({
    code: 'unknown_lemma',
    family: 'pool',
    message: FILTER_WARNING,
  });
  return rejected;
}

// What a family whose lexemes({ lemma }) filter names an unknown lemma is told, in both runtimes.
const FILTER_WARNING =
  'family "pool" filters lexemes() by the lemma "kott", which the snapshot does not know (the filter found nothing); check its spelling';

describe('rpe generate: failures', () => {
  it('stops a family that cannot fill its quota: exit 1, one line, no output file', async () => {
    const out = join(work, 'dry.jsonl');
    const r = await rpe(['generate', fixture('runs-dry'), '--seed', '1', '--out', out]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /family "twenty-inputs" cannot fill its quota: item 21 of 50 .*duplicate input/,
    );
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(work).filter((f) => f.includes('dry'))).toEqual([]);
  });

  it('stops a family that calls Math.random, naming it', async () => {
    const r = await rpe([
      'generate',
      fixture('calls-math-random'),
      '--seed',
      '1',
      '--out',
      join(work, 'r.jsonl'),
    ]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('family "uses-math-random" called Math.random() during generation');
  });

  it('refuses a module without a generator, a missing folder and a bad seed', async () => {
    const none = await rpe([
      'generate',
      fixture('exports-nothing'),
      '--seed',
      '1',
      '--out',
      join(work, 'n.jsonl'),
    ]);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toMatch(/exports no generator/);
    const missing = await rpe([
      'generate',
      join(work, 'absent'),
      '--seed',
      '1',
      '--out',
      join(work, 'm.jsonl'),
    ]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/no such file or folder/);
    const seed = await rpe([
      'generate',
      fixture('runs-dry'),
      '--seed',
      'one',
      '--out',
      join(work, 's.jsonl'),
    ]);
    expect(seed.exitCode).toBe(2);
    expect(seed.stderr).toMatch(/--seed must be a whole number from 0 to 9007199254740991/);
  });
});

describe('rpe generate: a lemma the snapshot does not know', () => {
  it.skipIf(!HAS_LEXICON)(
    'warns on stderr naming the family and the lemma, and lists it in --json',
    async () => {
      const args = [
        'generate',
        fixture('misspelt-lemma'),
        '--seed',
        '1',
        '--lexicon',
        TEST_LEXICON,
      ];
      const text = await rpe([...args, '--out', join(work, 'typo.jsonl')]);
      expect(text.exitCode, text.stderr).toBe(0);
      expect(text.stderr).toMatch(
        /^warning: family "genitive" asks for the lemma "gazetaa", which the snapshot does not know \(\d+ draws? rejected\); check its spelling$/m,
      );
      expect(text.stdout).not.toContain('gazetaa');
      expect(text.stderr).toContain(`warning: ${FILTER_WARNING}`);
      const json = await rpe([...args, '--out', join(work, 'typo-json.jsonl'), '--json']);
      expect(json.exitCode, json.stderr).toBe(0);
      expectLemmaWarnings(json.stdout);
    },
  );
});

// A Python generator with the same misspelt word list, in a repository `rpe init --lang py` made.
const MISSPELT_PY = `import os, sys
from rpe_runtime import define_generator, family, run_cli

NOUNS = ["gazeta", "gazetaa", "książka"]

def sample(ctx):
    return {"input": f"Podaj dopełniacz ({ctx.rng.int(1, 1000000)}).", **ctx.answer(ctx.rng.pick(NOUNS), "subst:sg:gen")}

def pool_sample(ctx):
    pool = [lx for lemma in ("kot", "kott", "pies", "dom") for lx in ctx.lex.lexemes(lemma=lemma, sense=1)]
    return {"input": f"Podaj narzędnik ({ctx.rng.int(1, 1000000)}).", **ctx.answer(ctx.rng.pick(pool), "subst:sg:inst")}

GENERATOR = define_generator(
    name="misspelt-lemma",
    count=50,
    lexicon=os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "morphology.sqlite"),
    families=[
        family(id="genitive", phenomenon="fixture", contrast="fixture", sample=sample),
        family(id="pool", phenomenon="fixture", contrast="fixture", sample=pool_sample),
    ],
)

if __name__ == "__main__":
    sys.exit(run_cli(GENERATOR))
`;

describe('rpe generate: a Python family that asks for an unknown lemma', () => {
  it.skipIf(!HAS_LEXICON)(
    'names the family and the lemma, in rpe generate and in python3 generate.py alike',
    async () => {
      const dir = join(work, 'misspelt-py');
      const init = await copyOfScaffold('py', dir);
      expect(init.exitCode, init.stderr).toBe(0);
      writeFileSync(join(dir, 'generate.py'), MISSPELT_PY);
      const warning =
        /^warning: family "genitive" asks for the lemma "gazetaa", which the snapshot does not know \((\d+) draws? rejected\); check its spelling$/m;
      const direct = await execa('python3', ['generate.py', '--seed', '1', '--out', 'x.jsonl'], {
        cwd: dir,
        reject: false,
      });
      expect(direct.exitCode, direct.stderr).toBe(0);
      expect(direct.stderr).toMatch(warning);
      const json = await rpe([
        'generate',
        dir,
        '--seed',
        '1',
        '--out',
        join(work, 'misspelt-py.jsonl'),
        '--json',
      ]);
      expect(json.exitCode, json.stderr).toBe(0);
      const rejected = expectLemmaWarnings(json.stdout);
      expect(direct.stderr.match(warning)?.[1]).toBe(String(rejected));
      expect(direct.stderr).toContain(FILTER_WARNING);
    },
  );
});

describe('generate.ts entry points (runGeneratorCli)', () => {
  const entry = join(ROOT, 'examples', 'past-tense-gender', 'generate.ts');
  const run = (args: string[]) =>
    execa(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: ROOT, reject: false });

  it('answer a usage error with exit 2 and the usage line', async () => {
    const missing = await run(['--seed', '1']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toBe(
      'past-tense-gender: usage: generate --seed N --out FILE [--meta FILE]',
    );
    const unknown = await run(['--seed', '1', '--out', join(work, 'u.jsonl'), '--fast']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/unknown argument "--fast"/);
    const seed = await run(['--seed=1.5', '--out', join(work, 'u.jsonl')]);
    expect(seed.exitCode).toBe(2);
    expect(seed.stderr).toMatch(/--seed must be a whole number from 0 to \d+, got "1.5"/);
    const negative = await run(['--seed', '-1', '--out', join(work, 'u.jsonl')]);
    expect(negative.exitCode).toBe(2);
    expect(negative.stderr).toMatch(/--seed must be a whole number from 0 to \d+, got "-1"/);
    expect(existsSync(join(work, 'u.jsonl'))).toBe(false);
  });
});

describe.skipIf(!HAS_LEXICON)('rpe generate: an example', () => {
  const example = join(ROOT, 'examples', 'past-tense-gender');

  it('writes the same bytes whatever TZ, LANG and working directory', async () => {
    const a = join(work, 'a.jsonl');
    const b = join(work, 'b.jsonl');
    const ra = await rpe(
      ['generate', example, '--seed', '5', '--out', a, '--lexicon', TEST_LEXICON],
      {
        env: { TZ: 'UTC', LANG: 'C', LC_ALL: 'C' },
      },
    );
    expect(ra.exitCode).toBe(0);
    const rb = await rpe(
      ['generate', example, '--seed', '5', '--out', b, '--lexicon', TEST_LEXICON],
      {
        cwd: work,
        env: { TZ: 'Pacific/Chatham', LANG: 'pl_PL.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
      },
    );
    expect(rb.exitCode).toBe(0);
    expect(readFileSync(b)).toEqual(readFileSync(a));
    expect(validateItems(readFileSync(a)).format_ok).toBe(true);
  });

  it('prints a per-family summary, and --json one document; --meta has one line per item', async () => {
    const out = join(work, 'm.jsonl');
    const meta = join(work, 'm.meta.jsonl');
    const text = await rpe([
      'generate',
      example,
      '--seed',
      '2',
      '--out',
      out,
      '--lexicon',
      TEST_LEXICON,
    ]);
    expect(text.stdout).toMatch(/^wrote 150 items to .*\nfamily +items +attempts/);
    expect(text.stdout).toMatch(/\nnamed-subject +100 /);
    const json = await rpe([
      'generate',
      example,
      '--seed',
      '2',
      '--out',
      out,
      '--meta',
      meta,
      '--lexicon',
      TEST_LEXICON,
      '--json',
    ]);
    const summary = JSON.parse(json.stdout) as {
      n_items: number;
      families: { id: string; items: number }[];
    };
    expect(summary.n_items).toBe(150);
    expect(summary.families.map((f) => [f.id, f.items])).toEqual([
      ['named-subject', 100],
      ['coordinated-subjects', 50],
    ]);
    const lines = readFileSync(meta, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string | number>);
    expect(lines).toHaveLength(150);
    // The lexicon fields of a gold from ctx.answer(): what was asked and where the gold came from.
    expect(Object.keys(lines[0] ?? {})).toEqual([
      'family',
      'phenomenon',
      'lemma',
      'query',
      'tag',
      'lexeme_id',
    ]);
    expect(lines[149]?.family).toBe('coordinated-subjects');
    const items = readFileSync(out, 'utf8').trimEnd().split('\n');
    const lexicon = openLexicon(TEST_LEXICON);
    try {
      lines.forEach((line, i) => {
        const { gold } = JSON.parse(items[i] ?? '{}') as { gold: string };
        const reading = lexicon
          .analyse(gold)
          .find((r) => r.lexeme.id === line.lexeme_id && r.tag === line.tag);
        expect(reading?.lexeme.lemma, `${gold} is ${line.lemma} ${line.tag}`).toBe(line.lemma);
      });
    } finally {
      lexicon.close();
    }
  });

  it('writes the provenance declaration with every family', async () => {
    const out = join(work, 'PROVENANCE.md');
    const r = await rpe(['provenance', example, '--out', out]);
    expect(r.exitCode).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('### named-subject');
    expect(text).toContain('### coordinated-subjects');
    expect(text).toMatch(/Polish contrast or controlled perturbation: Replacing the name/);
    expect(text).toContain('Tools and their use: _to fill in_');
  });
});

describe.skipIf(!existsSync(join(ROOT, 'data', 'morphology.sqlite')))(
  'examples/<name>/generate.ts',
  () => {
    it('runs with tsx and writes the same bytes as rpe generate', async () => {
      const example = join(ROOT, 'examples', 'numeral-government');
      const viaEntry = join(work, 'entry.jsonl');
      const viaCli = join(work, 'cli.jsonl');
      const entry = await execa(
        process.execPath,
        ['--import', 'tsx', join(example, 'generate.ts'), '--seed', '9', '--out', viaEntry],
        { cwd: ROOT, reject: false },
      );
      expect(entry.stderr).toBe('');
      expect(entry.exitCode).toBe(0);
      expect((await rpe(['generate', example, '--seed', '9', '--out', viaCli])).exitCode).toBe(0);
      expect(readFileSync(viaEntry)).toEqual(readFileSync(viaCli));
    });
  },
);
