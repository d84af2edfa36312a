import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLexicon } from '../../framework/lexicon/index.js';
import { packagePath } from '../../framework/package-root.js';
import { buildMorphology } from './build-morphology.js';
import { expectedVersions, versionChanges } from './expected-versions.js';

// Real lines of the decompiled dictionary for seven lemmas.
const TSV = packagePath('tests', 'fixtures', 'lexicon', 'tiny-dictionary.tsv');
const SOURCES = packagePath('data', 'SOURCES.md');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-build-morphology-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('buildMorphology from a decompiled dictionary', () => {
  it('keeps ranked, closed-class and name lemmas, and rebuilds the same bytes', async () => {
    const a = join(dir, 'a.sqlite');
    const b = join(dir, 'b.sqlite');
    const result = await buildMorphology({ out: a, sourcesMd: SOURCES, tsv: TSV });
    await buildMorphology({ out: b, sourcesMd: SOURCES, tsv: TSV });
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
    expect(result.lemmas).toBe(6);
    const lexicon = openLexicon(a);
    try {
      const lemmas = new Set(lexicon.lexemes().map((l) => l.lemma));
      // abakus: no ranked form, no closed class, not a name.
      expect(lemmas).toEqual(new Set(['kot', 'dwa', 'ręka', 'powinien', 'Anna', 'Musiał']));
      expect(lexicon.form('kot', 'subst:pl:gen')).toBe('kotów');
      expect(lexicon.lexemes({ lemma: 'dwa' })[0]?.rank).toBe(194);
    } finally {
      lexicon.close();
    }
  });

  it('writes no snapshot from a source that keeps no lemma', async () => {
    const tsv = join(dir, 'polish.tsv');
    // abakus alone: no ranked form, no closed class, not a name.
    const lines = readFileSync(TSV, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('abakus;'));
    expect(lines.length).toBeGreaterThan(0);
    writeFileSync(tsv, `${lines.join('\n')}\n`);
    const out = join(dir, 'x.sqlite');
    await expect(buildMorphology({ out, sourcesMd: SOURCES, tsv })).rejects.toThrow(
      /no lemma of .*polish\.tsv is kept/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('records, per form, whether SJP.pl has it', async () => {
    const out = join(dir, 's.sqlite');
    const dic = join(dir, 'pl.dic');
    const aff = join(dir, 'pl.aff');
    // SJP.pl with rękami but not rękoma, and kot with one suffix class for its plural genitive.
    writeFileSync(aff, 'SET UTF-8\n\nSFX k Y 1\nSFX k   0         ów        t\n');
    writeFileSync(dic, '2\nrękami\nkot/k\n');
    await buildMorphology({ out, sourcesMd: SOURCES, tsv: TSV, hunspell: { dic, aff } });
    const lexicon = openLexicon(out);
    try {
      // rękoma is in the frequency list: a form SJP.pl lacks stays when the list has it.
      const answer = lexicon.answer('ręka', 'subst:pl:inst');
      expect([answer.gold, answer.aliases]).toEqual(['rękami', ['rękoma']]);
    } finally {
      lexicon.close();
    }
    const db = new Database(out, { readonly: true });
    try {
      const sjp = db.prepare('SELECT form, sjp FROM forms WHERE form IN (?, ?, ?) ORDER BY form');
      expect(sjp.raw().all('kotów', 'rękami', 'rękoma')).toEqual([
        ['kotów', 1],
        ['rękami', 1],
        ['rękoma', 0],
      ]);
    } finally {
      db.close();
    }
  });

  it('stops when a source version differs from SOURCES.md, unless allowed', async () => {
    const sources = join(dir, 'SOURCES.md');
    writeFileSync(sources, readFileSync(SOURCES, 'utf8').replace('`3.0.2`', '`9.9.9`'));
    const out = join(dir, 'x.sqlite');
    await expect(buildMorphology({ out, sourcesMd: sources, tsv: TSV })).rejects.toThrow(
      /@zxcvbn-ts\/language-pl: expected 9\.9\.9, found 3\.0\.2/,
    );
    const result = await buildMorphology({
      out,
      sourcesMd: sources,
      tsv: TSV,
      allowVersionChange: true,
    });
    expect(result.versions['@zxcvbn-ts/language-pl']).toBe('3.0.2');
  });
});

describe('expectedVersions', () => {
  it('reads the version table of SOURCES.md', () => {
    expect(expectedVersions(SOURCES)).toEqual({
      'libmorfologik-stemming2-java': '2.1.6-2',
      'libjcommander-java': '1.71-4',
      '@zxcvbn-ts/language-pl': '3.0.2',
      'hunspell-pl': '1:7.5.0-1',
    });
    expect(versionChanges({ a: '1' }, { a: '2', b: '3' })).toEqual([
      'a: expected 1, found 2',
      'b: expected (not listed), found 3',
    ]);
  });
});
