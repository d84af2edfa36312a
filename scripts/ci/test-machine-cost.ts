// What each test file costs the whole machine: the engine's side (runc, the shims, dockerd) that
// tests/cpu-per-file.ts cannot see, the containers and the commands in them. Builds when stale,
// then runs the files one at a time, reading the machine's CPU every half second and the main
// engine's events, and prints each file's share, costliest first:
//
//   npx tsx scripts/ci/test-machine-cost.ts [--top N] [-- VITEST ARGS]
//
// e.g. `-- tests/sandbox` for one folder. One file at a time takes longer than `npm test` (some
// 15 minutes for the whole suite on two cores); run it on a quiet machine, as anything else that
// runs is counted too. The private engines of the pool tests are not counted in the containers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { z } from 'zod';
import { packagePath } from '../../framework/package-root.js';
import { connectEngine, readEngineConfig } from '../../sandbox/engine/index.js';
import { fileCosts, machineCostTable, type BusySample, type EngineEvent } from './machine-cost.js';

const USAGE = 'usage: tsx scripts/ci/test-machine-cost.ts [--top N] [-- VITEST ARGS]';

const reportSchema = z.object({
  testResults: z.array(z.object({ name: z.string(), startTime: z.number(), endTime: z.number() })),
});

function fail(message: string, code: number): never {
  process.stderr.write(`test-machine-cost: ${message}\n`);
  process.exit(code);
}

function parseArgs(argv: string[]): { top: number; vitest: string[] } {
  const split = argv.indexOf('--');
  const own = split >= 0 ? argv.slice(0, split) : argv;
  const vitest = split >= 0 ? argv.slice(split + 1) : [];
  let top = Infinity;
  for (let i = 0; i < own.length; i++) {
    if (own[i] !== '--top') fail(`${own[i]}: not an option (${USAGE})`, 2);
    const value = own[++i] ?? '';
    if (!/^[1-9]\d*$/.test(value))
      fail(`--top takes a whole number above 0, not ${JSON.stringify(value)}`, 2);
    top = Number(value);
  }
  return { top, vitest };
}

// CPU seconds all cores have been busy since boot.
function busyNow(): BusySample {
  const ms = cpus().reduce(
    (t, c) => t + c.times.user + c.times.nice + c.times.sys + c.times.irq,
    0,
  );
  return { at: Date.now(), busy: ms / 1000 };
}

// The tests' main engine's events from now on (RPE_TEST_ENGINE, else DOCKER_HOST's, as in
// vitest.config.ts), or none when there is no engine.
async function recordEvents(events: EngineEvent[]): Promise<() => void> {
  const env = process.env.RPE_TEST_ENGINE
    ? { ...process.env, DOCKER_HOST: process.env.RPE_TEST_ENGINE }
    : process.env;
  try {
    const engine = await connectEngine(readEngineConfig(env));
    const stream = await engine.docker.getEvents({ since: Math.floor(Date.now() / 1000) });
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines.filter((l) => l.trim() !== '')) {
        try {
          const e = JSON.parse(line) as { Type?: string; Action?: string; timeNano?: number };
          events.push({ at: (e.timeNano ?? 0) / 1e6, type: e.Type ?? '', action: e.Action ?? '' });
        } catch {
          // Not an event: nothing to count.
        }
      }
    });
    // A stream the engine ends early leaves the counts short, not the run stopped.
    stream.on('error', () => undefined);
    return () => (stream as unknown as { destroy(): void }).destroy();
  } catch (error) {
    process.stderr.write(
      `test-machine-cost: no engine, containers not counted: ${(error as Error).message}\n`,
    );
    return () => undefined;
  }
}

const { top, vitest } = parseArgs(process.argv.slice(2));
const root = packagePath();
// Built as `npm test` builds: only when dist/ is not the last build of these sources.
const build = await execa(
  process.execPath,
  ['--import', 'tsx', packagePath('scripts', 'build', 'index.ts'), '--if-stale'],
  { cwd: root, stdio: 'inherit', reject: false },
);
if (build.exitCode !== 0) fail('the build failed', 1);

// Runs the files with the readings going; the table printed, vitest's exit code returned.
async function measure(scratch: string): Promise<number> {
  const reportFile = join(scratch, 'report.json');
  const events: EngineEvent[] = [];
  const stopEvents = await recordEvents(events);
  const samples: BusySample[] = [busyNow()];
  const sampler = setInterval(() => samples.push(busyNow()), 500);
  const run = await execa(
    'npx',
    [
      'vitest',
      'run',
      '--maxWorkers=1',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${reportFile}`,
      ...vitest,
    ],
    { cwd: root, stdio: 'inherit', reject: false },
  );
  clearInterval(sampler);
  samples.push(busyNow());
  // The engine's last events arrive a moment after the run.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  stopEvents();
  let report;
  try {
    report = reportSchema.parse(JSON.parse(readFileSync(reportFile, 'utf8')));
  } catch {
    throw new Error(`vitest wrote no report (exit ${run.exitCode ?? run.signal})`);
  }
  const files = report.testResults.map((r) => ({
    file: relative(root, r.name),
    start: r.startTime,
    end: r.endTime,
  }));
  const first = samples[0] as BusySample;
  const last = samples.at(-1) as BusySample;
  const whole = { machine: last.busy - first.busy, wall: (last.at - first.at) / 1000 };
  process.stdout.write(`\n${machineCostTable(fileCosts(files, samples, events), whole, top)}`);
  return run.exitCode ?? 1;
}

const scratch = mkdtempSync(join(tmpdir(), 'rpe-machine-cost-'));
try {
  process.exitCode = await measure(scratch);
} catch (error) {
  process.stderr.write(`test-machine-cost: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
