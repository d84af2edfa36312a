// `npm run bench -- generate`: wall time of `rpe generate` on each example against a bare
// `node -e 0` start on the same machine. Target: at most 4× the bare start.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, report } from './measure.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function start(args: string[]): void {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} failed: ${String(result.stderr)}`);
}

/** Median of a list of times. */
function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

// Prints the figures; the bench runner calls it. Runs are interleaved (bare start, then each
// example, round after round) so that a load change on a shared machine affects both sides alike.
export async function run(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'rpe-bench-generate-'));
  try {
    const examples = readdirSync(join(root, 'examples')).sort();
    const commands: [string, string[]][] = [
      ['node -e 0', ['-e', '0']],
      ...examples.map((name): [string, string[]] => [
        name,
        [
          'bin/rpe.js',
          'generate',
          `examples/${name}`,
          '--seed',
          '1',
          '--out',
          join(out, `${name}.jsonl`),
        ],
      ]),
    ];
    const times = new Map<string, number[]>(commands.map(([label]) => [label, []]));
    for (let round = 0; round < 12; round++) {
      for (const [label, args] of commands) {
        const timing = await measure(label, () => start(args), {
          runs: 1,
          warmup: round === 0 ? 1 : 0,
        });
        times.get(label)?.push(timing.medianMs);
      }
    }
    const bare = median(times.get('node -e 0') ?? []);
    report('bare node start (median of 12)', bare, 'ms');
    for (const name of examples) {
      const ms = median(times.get(name) ?? []);
      report(`rpe generate examples/${name}`, ms, 'ms');
      report('  ratio to the bare start', ms / bare, '×', { max: 4 });
    }
    await inProcess(examples);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// The generation itself, in this process with the lexicon open: what a seed costs once started.
async function inProcess(examples: string[]): Promise<void> {
  const { loadGenerator, generate } = await import('../../framework/generator/index.js');
  const { openLexicon } = await import('../../framework/lexicon/index.js');
  const lexicon = openLexicon();
  try {
    for (const name of examples) {
      const { generator } = await loadGenerator(join(root, 'examples', name));
      let seed = 0;
      const timing = await measure(name, () => generate(generator, { seed: seed++, lexicon }), {
        runs: 20,
      });
      report(`generate() ${name}, one seed in process`, timing.medianMs, 'ms');
    }
  } finally {
    lexicon.close();
  }
}
