// The CPU each test file costs (vitest setupFiles, on when RPE_TEST_CPU names a file): from the
// file's start to its end, its worker's own user + system time and that of the processes it
// started and waited for (the CLI runs, and their generators), one JSON line per file. A worker
// runs several files (isolate: false), so a file counts what grew while it ran. Containers run
// under the engine and are not counted. `npx tsx scripts/ci/test-cpu.ts FILE` sums them up.
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';

const LOG = process.env.RPE_TEST_CPU;
// Linux's clock ticks per second (sysconf(_SC_CLK_TCK)), the unit of /proc/PID/stat's times.
const TICKS = 100;

/** utime, stime, cutime, cstime of this process, in seconds (Linux's /proc/self/stat). */
function times(): { self: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(rest[i]) / TICKS);
  return { self: utime! + stime!, children: cutime! + cstime! };
}

if (LOG) {
  // The setup file runs again before each file, ahead of the file's own imports.
  const start = times();
  afterAll(() => {
    const file = relative(process.cwd(), expect.getState().testPath ?? '?');
    const end = times();
    const round = (s: number) => Math.round(s * 100) / 100;
    const spent = {
      self: round(end.self - start.self),
      children: round(end.children - start.children),
    };
    appendFileSync(LOG, `${JSON.stringify({ file, ...spent })}\n`);
  });
}
