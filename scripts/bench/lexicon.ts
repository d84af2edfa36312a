// `npm run bench -- lexicon`: opening the bundled snapshot and warm lookups per second.
import { performance } from 'node:perf_hooks';
import { openLexicon } from '../../framework/lexicon/index.js';
import { measure, report } from './measure.js';

const QUERIES: [string, string][] = [
  ['kot', 'subst:pl:gen'],
  ['człowiek', 'subst:pl:nom'],
  ['rok', 'subst:pl:gen'],
  ['dwa', 'num:nom:m1:congr'],
  ['pięć', 'num:gen'],
  ['być', 'praet:sg:f'],
  ['być', 'fin:pl:ter'],
  ['dobry', 'adj:sg:gen:f:pos'],
  ['ręka', 'subst:pl:inst'],
  ['pies', 'subst:pl:nom'],
  ['mieć', 'praet:pl:m1'],
  ['powinien', 'winien:sg:f'],
];

// Calls `fn` over the query list until `ms` have passed; returns calls per second.
function throughput(fn: (lemma: string, query: string) => unknown, ms = 1000): number {
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (const [lemma, query] of QUERIES) fn(lemma, query);
    calls += QUERIES.length;
    now = performance.now();
  }
  return (calls * 1000) / (now - start);
}

export async function run(): Promise<void> {
  const t0 = performance.now();
  openLexicon().close();
  report('open, first (loads better-sqlite3)', performance.now() - t0, 'ms', { max: 50 });
  const open = await measure('open', () => openLexicon().close(), { runs: 30 });
  report('open, median of 30', open.medianMs, 'ms', { max: 50 });

  const lexicon = openLexicon();
  try {
    const t1 = performance.now();
    for (const [lemma, query] of QUERIES) lexicon.forms(lemma, query);
    report(`forms(), first ${QUERIES.length} calls (cold)`, performance.now() - t1, 'ms');
    report(
      'forms(), warm',
      throughput((l, q) => lexicon.forms(l, q)),
      'lookups/s',
      { min: 100_000 },
    );
    report(
      'form(), warm',
      throughput((l, q) => lexicon.form(l, q)),
      'lookups/s',
      { min: 100_000 },
    );
    report(
      'analyse()',
      throughput((l) => lexicon.analyse(l)),
      'lookups/s',
    );
    const pool = await measure('lexemes', () => lexicon.lexemes({ pos: 'subst', maxRank: 5000 }));
    report('lexemes({ pos: subst, maxRank: 5000 })', pool.medianMs, 'ms');
  } finally {
    lexicon.close();
  }
}
