// `npm run bench -- lexicon`: opening the bundled snapshot and warm lookups per second.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { packagePath } from '../../framework/package-root.js';
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

// The first openLexicon() of a fresh process (it loads better-sqlite3), timed in `runs` processes.
function coldOpens(runs: number): number[] {
  const door = pathToFileURL(packagePath('dist', 'framework', 'lexicon', 'index.js')).href;
  const script = `const { openLexicon } = await import(${JSON.stringify(door)});
const t = performance.now(); openLexicon().close(); process.stdout.write(String(performance.now() - t));`;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    if (child.status === 0) times.push(Number(child.stdout));
  }
  return times.sort((a, b) => a - b);
}

export async function run(): Promise<void> {
  const cold = coldOpens(9);
  if (cold.length > 0) {
    report('open in a fresh process, median of 9', cold[Math.floor(cold.length / 2)] ?? NaN, 'ms', {
      max: 50,
    });
    report('open in a fresh process, fastest of 9', cold[0] ?? NaN, 'ms', { max: 50 });
  }
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
    // Every lexeme asked once: readings come from SQLite, nothing is memoised yet.
    const pool = lexicon.lexemes({ maxRank: 5000 });
    const query: Record<string, string> = { subst: 'pl:gen', verb: 'praet:sg:f', adj: 'sg:gen:f' };
    const t2 = performance.now();
    for (const lexeme of pool) {
      try {
        lexicon.forms(lexeme, query[lexeme.pos] ?? 'sg');
      } catch {
        // no_such_form is an answer too
      }
    }
    const uncached = (pool.length * 1000) / (performance.now() - t2);
    report(`forms(), first ask of ${pool.length} lexemes (uncached)`, uncached, 'lookups/s');
    report(
      'analyse()',
      throughput((l) => lexicon.analyse(l)),
      'lookups/s',
    );
    const pools = await measure('lexemes', () => lexicon.lexemes({ pos: 'subst', maxRank: 5000 }));
    report('lexemes({ pos: subst, maxRank: 5000 })', pools.medianMs, 'ms');
  } finally {
    lexicon.close();
  }
}
