import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { START_ENGINE_HINT } from './connect-engine.js';
import { diagnoseEnvironment, toolSearchPath } from './diagnose-environment.js';
import { readEngineConfig } from './engine-config.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// A PATH of one folder holding exactly these (empty, executable) commands.
function pathWith(...commands: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'rpe-doctor-path-'));
  dirs.push(dir);
  for (const command of commands) writeFileSync(join(dir, command), '', { mode: 0o755 });
  return dir;
}

const nowhere = readEngineConfig({ DOCKER_HOST: 'unix:///nonexistent/docker.sock', HOME: '/' });

describe('rpe sandbox doctor on a machine without Docker', () => {
  it('says which Debian packages to install, and how to start the engine after', async () => {
    const diagnosis = await diagnoseEnvironment(nowhere, pathWith());
    expect(diagnosis.ok).toBe(false);
    expect(diagnosis.install).toEqual(['debootstrap', 'docker.io']);
    const byName = new Map(diagnosis.checks.map((c) => [c.name, c]));
    expect(byName.get('docker client')).toMatchObject({
      status: 'warning',
      fix: 'apt-get install docker.io',
    });
    expect(byName.get('engine')).toMatchObject({
      status: 'missing',
      fix: `apt-get install docker.io, then ${START_ENGINE_HINT}`,
    });
    expect(byName.get('engine')?.detail).toMatch(/^no engine answers at unix:\/\/\/nonexistent/);
    // Without an engine the images cannot be there, so debootstrap is needed to build them.
    expect(byName.get('debootstrap')).toMatchObject({ status: 'missing' });
  });

  it('asks only to start the engine when the packages are there', async () => {
    const diagnosis = await diagnoseEnvironment(
      nowhere,
      pathWith('docker', 'dockerd', 'debootstrap'),
    );
    expect(diagnosis.install).toEqual([]);
    const engine = diagnosis.checks.find((c) => c.name === 'engine');
    expect(engine).toMatchObject({ status: 'missing', fix: START_ENGINE_HINT });
    expect(diagnosis.checks.find((c) => c.name === 'debootstrap')?.status).toBe('ok');
  });

  it('looks in /usr/sbin and /sbin too, where dockerd and debootstrap live', () => {
    expect(toolSearchPath('/usr/bin').split(delimiter)).toEqual(['/usr/bin', '/usr/sbin', '/sbin']);
    expect(toolSearchPath('').split(delimiter)).toEqual(['/usr/sbin', '/sbin']);
  });
});
