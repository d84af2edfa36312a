// Questions a generator author asks, with the answer a normative dictionary gives and where it
// says so (tests/fixtures/lexicon/probes.json): the gold, the variants that must be aliases, and
// the forms that must be neither gold nor alias. The TypeScript API and the Python runtime of
// `rpe init --lang py` must both pass every probe.
import { readFileSync } from 'node:fs';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { openLexicon } from '../../framework/lexicon/index.js';
import { packagePath } from '../../framework/package-root.js';
import { HAS_LEXICON, PYTHON_RUNTIME, TEST_LEXICON } from '../generator/test-lexicon.js';

interface Probe {
  lemma: string;
  query: string;
  /** The gold; or `accepted`: equally standard forms, one the gold and the others its aliases. */
  gold?: string;
  accepted?: string[];
  aliases?: string[];
  rejected?: string[];
  source: string;
}

interface Got {
  gold: string;
  aliases: string[];
}

const PROBES = JSON.parse(
  readFileSync(packagePath('tests', 'fixtures', 'lexicon', 'probes.json'), 'utf8'),
) as Probe[];

// What a probe asks of one answer, as a list of failures (empty when it passes).
function failures(probe: Probe, got: Got | { error: string }): string[] {
  if ('error' in got) return [`error ${got.error}`];
  const out: string[] = [];
  const golds = probe.gold !== undefined ? [probe.gold] : (probe.accepted ?? []);
  if (!golds.includes(got.gold)) out.push(`gold ${got.gold}, expected ${golds.join(' or ')}`);
  const aliases = [
    ...(probe.aliases ?? []),
    ...golds.filter((g) => g !== got.gold && golds.length > 1),
  ];
  for (const a of aliases) {
    if (!got.aliases.includes(a)) out.push(`${a} is not an alias (${got.aliases.join(', ')})`);
  }
  for (const r of probe.rejected ?? []) {
    if (got.gold === r || got.aliases.includes(r)) out.push(`${r} is accepted`);
  }
  return out;
}

describe.skipIf(!HAS_LEXICON)('normative probes', () => {
  const lexicon = HAS_LEXICON ? openLexicon(TEST_LEXICON) : null;
  afterAll(() => lexicon?.close());

  it('are at least 60, each with its source', () => {
    expect(PROBES.length).toBeGreaterThanOrEqual(60);
    expect(PROBES.filter((p) => p.source.trim() === '')).toEqual([]);
  });

  it('pass in TypeScript', () => {
    const failed = PROBES.map((p) => {
      let got: Got | { error: string };
      try {
        got = lexicon?.answer(p.lemma, p.query) ?? { error: 'no lexicon' };
      } catch (error) {
        got = { error: (error as Error).message };
      }
      return [`${p.lemma} ${p.query}`, failures(p, got)] as const;
    }).filter(([, f]) => f.length > 0);
    expect(failed).toEqual([]);
  });

  it('pass in the Python runtime', async () => {
    const { stdout } = await execa(
      'python3',
      [packagePath('tests', 'lexicon', 'python', 'probe_answers.py'), PYTHON_RUNTIME, TEST_LEXICON],
      { env: { PYTHONDONTWRITEBYTECODE: '1' }, input: JSON.stringify(PROBES) },
    );
    const answers = JSON.parse(stdout) as (Got | { error: string })[];
    const failed = PROBES.map(
      (p, i) =>
        [`${p.lemma} ${p.query}`, failures(p, answers[i] ?? { error: 'no answer' })] as const,
    ).filter(([, f]) => f.length > 0);
    expect(failed).toEqual([]);
  }, 600_000);
});
