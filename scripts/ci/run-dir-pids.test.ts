// The stale pid files the test engines' restart removes: a pid file is kept only while its
// process is one of the run folder's, not merely alive (a killed dockerd's pid can be reused).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const library = join(import.meta.dirname, 'run-dir-pids.sh');
const runDir = temporaryFolder('rpe-pid-files-');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

// A live process; `named` puts the run folder in its command line, as a dockerd of it has.
function live(named: boolean): number {
  const args = named ? ['-c', 'sleep 600; true', join(runDir, 'exec')] : ['-c', 'sleep 600; true'];
  const child = spawn('bash', args, { stdio: 'ignore' });
  children.push(child);
  if (child.pid === undefined) throw new Error('no process');
  return child.pid;
}

function gone(): number {
  const child = execFileSync('bash', ['-c', 'echo $$'], { encoding: 'utf8' });
  return Number(child.trim());
}

describe('run-dir-pids.sh: drop_stale_pid_files', () => {
  it("keeps the run's own live process and removes a dead pid, a reused one and an empty file", () => {
    const files = {
      ours: live(true),
      reused: live(false),
      dead: gone(),
      empty: '',
    };
    for (const [name, pid] of Object.entries(files))
      writeFileSync(join(runDir, `${name}.pid`), `${pid}`);
    const paths = Object.keys(files).map((name) => join(runDir, `${name}.pid`));
    execFileSync('bash', [
      '-c',
      '. "$0"; RUN_DIR=$1; shift; drop_stale_pid_files "$@"',
      library,
      runDir,
      ...paths,
      join(runDir, 'missing.pid'),
    ]);
    expect(Object.keys(files).filter((name) => existsSync(join(runDir, `${name}.pid`)))).toEqual([
      'ours',
    ]);
  });
});
