// Ctrl-C during rpe init leaves nothing behind: neither the target nor a hidden staging folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../temporary-folder.js';
import { RPE, rpe } from './run-rpe.js';

const work = temporaryFolder('rpe-init-interrupt-');

// Starts `rpe init`, interrupts it once its staging folder exists, and waits for it to end.
async function interruptedInit(
  parent: string,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const child = spawn(process.execPath, [RPE, 'init', 'gen', '--lang', 'ts'], { cwd: parent });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if (readdirSync(parent).some((name) => name.includes('.rpe-init-'))) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGINT');
  return { ...(await ended), stderr };
}

describe('rpe init interrupted', () => {
  it('removes its staging folder and ends by the signal', async () => {
    const parent = join(work, 'a');
    mkdirSync(parent);
    const { code, signal, stderr } = await interruptedInit(parent);
    expect(signal ?? code).toBe('SIGINT');
    expect(stderr).toBe('rpe: init interrupted; nothing was created\n');
    expect(readdirSync(parent)).toEqual([]);
  }, 300_000);

  it('sweeps the staging folder of a run that was killed outright', async () => {
    const parent = join(work, 'b');
    // A staging folder of a process that no longer exists (pid 2^22 + 1 is above Linux's limit).
    mkdirSync(join(parent, `.gen.rpe-init-${2 ** 22 + 1}`, 'data'), { recursive: true });
    const r = await rpe(['init', join(parent, 'gen'), '--lang', 'py']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readdirSync(parent)).toEqual(['gen']);
    expect(existsSync(join(parent, 'gen', 'generate.py'))).toBe(true);
  }, 300_000);
});
