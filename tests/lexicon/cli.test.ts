// End-to-end: the built `rpe lexicon` commands (run `npm run build` first; `npm test` does).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLexicon } from '../../framework/lexicon/index.js';
import { packagePath } from '../../framework/package-root.js';

function rpe(...args: string[]) {
  const r = spawnSync(process.execPath, [packagePath('bin', 'rpe.js'), ...args], {
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// One `rpe: ...` line on stderr, nothing on stdout, no stack trace.
function expectOneLine(run: ReturnType<typeof rpe>, code: number, pattern: RegExp) {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^rpe: [^\n]+\n$/);
  expect(run.stderr).toMatch(pattern);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-lexicon-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rpe lexicon forms', () => {
  it('prints kotów for kot subst:pl:gen, one form, tag and mark per line', () => {
    const run = rpe('lexicon', 'forms', 'kot', 'subst:pl:gen');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('kotów\tsubst:pl:gen:m1\tgold\nkotów\tsubst:pl:gen:m2\tgold\n');
  });

  it('prints the contract JSON with --json', () => {
    const run = rpe('lexicon', 'forms', 'ręka', 'inst:pl', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      lemma: 'ręka',
      query: 'inst:pl',
      forms: [
        { form: 'rękami', tag: 'subst:pl:inst:f', mark: 'gold', gold: 'rękami', why: null },
        { form: 'rękoma', tag: 'subst:pl:inst:f', mark: 'alias', gold: 'rękami', why: null },
      ],
    });
  });

  it('fails with exit 1 and one line for an unknown lemma or a missing form', () => {
    expectOneLine(rpe('lexicon', 'forms', 'kotx', 'subst:pl:gen'), 1, /unknown lemma "kotx"/);
    expectOneLine(rpe('lexicon', 'forms', 'kot', 'praet:sg'), 1, /no form matching "praet:sg"/);
    const json = rpe('lexicon', 'forms', 'kot', 'praet:sg', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      error: { code: 'no_such_form', exit_code: 1 },
    });
  });

  it('fails with exit 2 for a query outside the tagset or a missing snapshot', () => {
    expectOneLine(rpe('lexicon', 'forms', 'kot', 'subst:plural'), 2, /"plural" is not a value/);
    const missing = join(dir, 'none.sqlite');
    expectOneLine(
      rpe('lexicon', 'forms', 'kot', 'subst', '--db', missing),
      2,
      /snapshot not found/,
    );
  });
});

describe('rpe lexicon answer', () => {
  it('prints the gold, the aliases, the lexeme and every excluded form with its reason', () => {
    const run = rpe('lexicon', 'answer', 'upaść', 'praet:sg:f');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'gold\tupadła',
      'tag\tverb:praet:sg:f:ter:perf:nonrefl',
      expect.stringMatching(/^lexeme\tupaść verb perf nonrefl \(id \d+, sense 1\)$/),
    ]);
    expect(lines).toContain(
      'excluded\tupasła\tanother lexeme: upaść (verb perf refl.nonrefl, sense 2)',
    );
    expect(rpe('lexicon', 'answer', 'ręka', 'subst:pl:inst').stdout).toMatch(
      /^gold\trękami\nalias\trękoma\n/,
    );
  });

  it('prints with --json exactly what answer() gives', () => {
    const run = rpe('lexicon', 'answer', 'koszula', 'subst:pl:gen', '--json');
    expect(run.code).toBe(0);
    const lexicon = openLexicon();
    try {
      expect(JSON.parse(run.stdout)).toEqual(
        JSON.parse(JSON.stringify(lexicon.answer('koszula', 'subst:pl:gen'))),
      );
    } finally {
      lexicon.close();
    }
    expect(JSON.parse(run.stdout)).toMatchObject({
      gold: 'koszul',
      aliases: [],
      lexeme: { lemma: 'koszula', pos: 'subst', gender: 'f', sense: 1 },
      excluded: [{ form: 'koszuli', why: expect.stringMatching(/other number/) }],
    });
  });

  it('fails with exit 1 and one line for a miss, and with --json one document too', () => {
    expectOneLine(rpe('lexicon', 'answer', 'kotx', 'subst:pl:gen'), 1, /unknown lemma "kotx"/);
    const run = rpe('lexicon', 'answer', 'kot', 'praet:sg', '--json');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^rpe: lemma "kot" has no form matching "praet:sg"\n$/);
    expect(JSON.parse(run.stdout)).toEqual({
      lemma: 'kot',
      query: 'praet:sg',
      error: {
        code: 'no_such_form',
        message: 'lemma "kot" has no form matching "praet:sg"',
        exit_code: 1,
      },
    });
    expectOneLine(rpe('lexicon', 'answer', 'kot', 'subst:plural'), 2, /"plural" is not a value/);
  });
});

describe('rpe lexicon analyse and info', () => {
  it('analyses a form into lemma and tag pairs', () => {
    const run = rpe('lexicon', 'analyse', 'ludzie', '--json');
    expect(run.code).toBe(0);
    const { form, analyses } = JSON.parse(run.stdout) as {
      form: string;
      analyses: { lemma: string; tag: string }[];
    };
    expect(form).toBe('ludzie');
    expect(analyses).toContainEqual(
      expect.objectContaining({ lemma: 'człowiek', tag: 'subst:pl:nom:m1', mark: 'gold' }),
    );
    expect(analyses).toContainEqual(
      expect.objectContaining({ lemma: 'lud', tag: 'subst:sg:loc:m3', mark: 'gold' }),
    );
    expect(rpe('lexicon', 'analyse', 'ludzie').stdout).toContain(
      'człowiek\tsubst:pl:nom:m1\tgold\n',
    );
    expectOneLine(rpe('lexicon', 'analyse', 'kotx'), 1, /unknown form "kotx"/);
  });

  it('reports the source, counts and the SHA-256 of the snapshot file it opened', () => {
    const run = rpe('lexicon', 'info', '--json');
    expect(run.code).toBe(0);
    const info = JSON.parse(run.stdout) as Record<string, unknown>;
    const file = packagePath('data', 'morphology.sqlite');
    expect(info).toMatchObject({
      path: file,
      sha256: `sha256:${createHash('sha256').update(readFileSync(file)).digest('hex')}`,
    });
    expect(info.source).toMatch(/Morfologik 2\.1 PoliMorf/);
    expect(info.lemmas).toBeGreaterThan(12_000);
  });

  it('hashes only the --db file, whatever else its folder holds', () => {
    const folder = join(dir, 'with-others');
    mkdirSync(folder);
    const db = join(folder, 'copy.sqlite');
    copyFileSync(packagePath('data', 'morphology.sqlite'), db);
    writeFileSync(join(folder, 'notes.txt'), 'not part of the snapshot\n');
    symlinkSync('/nonexistent', join(folder, 'dangling'));
    const run = rpe('lexicon', 'info', '--db', db, '--json');
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { sha256: string }).sha256).toBe(
      `sha256:${createHash('sha256').update(readFileSync(db)).digest('hex')}`,
    );
  });
});

describe('rpe lexicon build', () => {
  it('builds a snapshot from a decompiled dictionary that the other commands read', () => {
    const out = join(dir, 'tiny.sqlite');
    const tsv = packagePath('tests', 'fixtures', 'lexicon', 'tiny-dictionary.tsv');
    const run = rpe('lexicon', 'build', '--tsv', tsv, '--out', out);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/6 lemmas/);
    expect(existsSync(out)).toBe(true);
    expect(rpe('lexicon', 'forms', 'Anna', 'sg:gen', '--db', out).stdout).toBe(
      'Anny\tsubst:sg:gen:f\tgold\n',
    );
  }, 600_000);
});
