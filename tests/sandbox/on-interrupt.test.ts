import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/index.js';

function interruptChild(signal: NodeJS.Signals) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'on-interrupt-child.ts')],
    { cwd: packagePath(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('running') && child.exitCode === null && !child.killed) child.kill(signal);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{
    code: number | null;
    signal: string | null;
    stdout: string;
    stderr: string;
  }>((resolve) => child.on('exit', (code, sig) => resolve({ code, signal: sig, stdout, stderr })));
}

describe('onInterrupt', () => {
  // The cleanup makes the interrupted work fail at once; that failure used to end the process
  // with exit code 1 before the cleanup was done and the signal raised again.
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'ends the process by %s after the cleanup, whatever the interrupted work does',
    async (signal) => {
      const result = await interruptChild(signal);
      expect(result.stdout).toContain('cleaned');
      expect(result.signal).toBe(signal);
      expect(result.code).toBeNull();
      expect(result.stderr).not.toContain('cut off');
    },
  );
});
