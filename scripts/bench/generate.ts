// `npm run bench -- generate`: wall time of `rpe generate` on each example, and on a team's
// TypeScript generator outside the build (the `rpe init --lang ts` scaffold), against a bare
// `node -e 0` start on the same machine. Target: at most 3× the bare start.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, report } from './measure.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = 15;

function start(args: string[]): void {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} failed: ${String(result.stderr)}`);
}

/** Median of a list of numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

// A team's generator as `rpe init --lang ts` writes it, importing the toolkit as a package.
function scaffold(dir: string): string {
  const team = join(dir, 'team');
  mkdirSync(join(team, 'node_modules'), { recursive: true });
  cpSync(join(root, 'templates', 'ts', 'generator.ts'), join(team, 'generator.ts'));
  cpSync(join(root, 'templates', 'ts', 'tsconfig.json'), join(team, 'tsconfig.json'));
  writeFileSync(join(team, 'package.json'), '{ "type": "module", "private": true }\n');
  symlinkSync(root, join(team, 'node_modules', 'reverse-poleval'));
  symlinkSync(join(root, 'data'), join(team, 'data'));
  return team;
}

// Prints the figures; the bench runner calls it. Runs are interleaved (bare start, then each
// generator, round after round) and each round's times are divided by that round's bare start,
// so that a load change on a shared machine affects both sides of a ratio alike.
export async function run(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'rpe-bench-generate-'));
  try {
    const targets: [string, string][] = [
      ...readdirSync(join(root, 'examples'))
        .sort()
        .map((name): [string, string] => [`examples/${name}`, join(root, 'examples', name)]),
      ['a TypeScript scaffold (compiled, cached)', scaffold(out)],
    ];
    const commands: [string, string[]][] = [
      ['node -e 0', ['-e', '0']],
      ...targets.map(([label, target], i): [string, string[]] => [
        label,
        ['bin/rpe.js', 'generate', target, '--seed', '1', '--out', join(out, `${i}.jsonl`)],
      ]),
    ];
    const times = new Map<string, number[]>(commands.map(([label]) => [label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [label, args] of commands) {
        const timing = await measure(label, () => start(args), {
          runs: 1,
          warmup: round === 0 ? 1 : 0,
        });
        times.get(label)?.push(timing.medianMs);
      }
    }
    const bare = times.get('node -e 0') ?? [];
    report(`bare node start (median of ${ROUNDS})`, median(bare), 'ms');
    for (const [label] of targets) {
      const own = times.get(label) ?? [];
      report(`rpe generate ${label}`, median(own), 'ms');
      const ratios = own.map((ms, i) => ms / (bare[i] ?? NaN));
      report('  ratio to the bare start (median of rounds)', median(ratios), '×', { max: 3 });
    }
    await inProcess(targets.slice(0, -1).map(([label]) => label.replace('examples/', '')));
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
