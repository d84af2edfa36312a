// `npm run bench -- lexicon`: the snapshot's size, opening it, first asks against a Python
// sqlite3 peer running the SQL of SCHEMA.md, and warm lookups per second.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** One process's first asks: how many, and the CPU and wall seconds of the asking loop. */
interface AskRun {
  asks: number;
  rows: number;
  cpu_s: number;
  wall_s: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

// Every lemma asked once in a fresh process: through the toolkit (forms() or answer()), or
// through the Python peer. The child prints one AskRun line: wall time and the process's CPU time
// of the asking loop, which starts once the snapshot is open (the peer connects before its clock
// starts too) and includes every first-use read.
function firstAsks(side: 'forms' | 'answer' | 'python', lemmasFile: string, query: string): AskRun {
  const snapshot = packagePath('data', 'morphology.sqlite');
  const door = pathToFileURL(packagePath('dist', 'framework', 'lexicon', 'index.js')).href;
  const script = `import { readFileSync } from 'node:fs';
const { openLexicon } = await import(${JSON.stringify(door)});
const lemmas = JSON.parse(readFileSync(${JSON.stringify(lemmasFile)}, 'utf8'));
const lexicon = openLexicon();
const cpu = process.cpuUsage(); const wall = performance.now(); let rows = 0;
for (const lemma of lemmas) {
  try { const r = lexicon.${side === 'answer' ? 'answer' : 'forms'}(lemma, ${JSON.stringify(query)}); rows += r.length ?? 1; }
  catch (error) { if (error.code !== 'no_such_form') throw error; }
}
const wall_s = (performance.now() - wall) / 1000; const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ asks: lemmas.length, rows, cpu_s: (used.user + used.system) / 1e6, wall_s }));`;
  const child =
    side === 'python'
      ? spawnSync(
          'python3',
          [packagePath('scripts', 'bench', 'lexicon-peer.py'), snapshot, lemmasFile, query],
          { encoding: 'utf8' },
        )
      : spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`first asks (${side}) failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as AskRun;
}

// First asks of the 3,000 most frequent noun lemmas, subst:pl:gen, one process per side and
// round, sides interleaved so that a load change on a shared machine touches all alike; the
// ratio is the median of the rounds' ratios. CPU time is shown too: the Node process's includes
// the threads where V8 compiles and collects garbage, which a free core absorbs.
function compareFirstAsks(lemmas: string[], rounds = 9): void {
  const dir = mkdtempSync(join(tmpdir(), 'rpe-bench-lexicon-'));
  try {
    const file = join(dir, 'lemmas.json');
    writeFileSync(file, JSON.stringify(lemmas));
    const rates = { forms: [] as number[], answer: [] as number[], python: [] as number[] };
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const forms = firstAsks('forms', file, 'subst:pl:gen');
      const python = firstAsks('python', file, 'subst:pl:gen');
      const answer = firstAsks('answer', file, 'subst:pl:gen');
      rates.forms.push(forms.asks / forms.wall_s);
      rates.answer.push(answer.asks / answer.wall_s);
      rates.python.push(python.asks / python.wall_s);
      ratios.push(python.wall_s / forms.wall_s);
      cpuRatios.push(python.cpu_s / forms.cpu_s);
    }
    const n = lemmas.length;
    report(`first asks, forms(), ${n} nouns (median of ${rounds})`, median(rates.forms), 'asks/s');
    report(`first asks, answer(), same lemmas`, median(rates.answer), 'asks/s');
    report(`first asks, Python sqlite3 peer, same lemmas`, median(rates.python), 'asks/s');
    report('forms() first asks against the Python peer', median(ratios), '×', { min: 5 });
    report(`  the slowest of the ${rounds} rounds`, Math.min(...ratios), '×');
    report('  the fastest', Math.max(...ratios), '×');
    report('the same in CPU time of the whole process', median(cpuRatios), '×');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const size = statSync(packagePath('data', 'morphology.sqlite')).size / 2 ** 20;
  report('snapshot size', size, 'MB', { max: 40 });
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
    const nouns = lexicon.lexemes({ pos: 'subst', sense: 1 }).map((l) => l.lemma);
    compareFirstAsks([...new Set(nouns)].slice(0, 3000));
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
