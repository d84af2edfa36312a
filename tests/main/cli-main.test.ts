import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';

const bin = packagePath('bin', 'rpe.js');

function rpe(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the rpe binary', () => {
  it('lists the commands it discovers under cli/commands', () => {
    const r = rpe('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: rpe/m);
    expect(r.stdout).toMatch(/^\s+version\b/m);
  });

  it('prints the package version', () => {
    const { version } = JSON.parse(
      execFileSync('node', ['-p', 'JSON.stringify(require("./package.json"))'], {
        cwd: packagePath(),
        encoding: 'utf8',
      }),
    ) as { version: string };
    expect(rpe('version').stdout.trim()).toBe(version);
  });

  it('treats an unknown command as a usage error: exit 2, no stack trace', () => {
    const r = rpe('no-such-command');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'no-such-command'/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('treats an unknown option as a usage error', () => {
    const r = rpe('version', '--no-such-option');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option/);
  });
});

describe('a closed pipe', () => {
  it('stops quietly when the reader of stdout goes away', () => {
    // 20k error lines overflow the pipe's buffer, so the writer meets the closed pipe.
    const dir = mkdtempSync(join(tmpdir(), 'rpe-pipe-'));
    const file = join(dir, 'broken.jsonl');
    writeFileSync(file, 'not json\n'.repeat(20_000));
    const script = `node ${JSON.stringify(bin)} validate ${JSON.stringify(file)} | head -c 1`;
    const r = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
  });
});

describe('command loading', () => {
  it('finds a nested command when only its group is loaded', () => {
    const r = rpe('sandbox', 'images', 'build', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: rpe sandbox images build/m);
  });

  it('lists every command for `rpe help` and a group for `rpe help GROUP`', () => {
    expect(rpe('help').stdout).toMatch(/^\s+sandbox\b[\s\S]*^\s+validate\b/m);
    expect(rpe('help', 'lexicon').stdout).toMatch(/^\s+forms\b/m);
  });

  it('answers a usage error with one line naming the command to ask for help', () => {
    const r = rpe('validate');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "rpe: missing required argument 'file' (rpe validate --help lists the options)\n",
    );
    const nested = rpe('sandbox', 'run', 'x', '--seeds');
    expect(nested.stderr).toBe(
      "rpe: option '--seeds <list>' argument missing (rpe sandbox run --help lists the options)\n",
    );
  });

  it('prints the version for --version, as `rpe version` does', () => {
    const r = rpe('--version');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(rpe('version').stdout);
  });
});
