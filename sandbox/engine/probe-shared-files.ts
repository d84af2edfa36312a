import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from './connect-engine.js';
import { runLabels } from './labels.js';

/**
 * Whether a container of this engine sees this machine's temporary folder through a bind mount,
 * as the executor's runs need while they mount the staged submission: an engine on another host
 * (or in its own mount namespace) mounts an empty folder of its own instead.
 */
export async function probeSharedFiles(engine: Engine, image: string): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'rpe-shared-probe-'));
  const marker = randomUUID();
  await writeFile(join(dir, 'marker'), marker, { mode: 0o644 });
  try {
    await chmod(dir, 0o755);
    const container = await engine.docker.createContainer({
      Image: image,
      Cmd: ['cat', '/probe/marker'],
      User: '10002:10002',
      Tty: true,
      Labels: runLabels(engine.config, `shared-probe-${marker}`),
      NetworkDisabled: true,
      HostConfig: {
        NetworkMode: 'none',
        Binds: [`${dir}:/probe:ro`],
        ReadonlyRootfs: true,
        CapDrop: ['ALL'],
      },
    });
    try {
      await container.start();
      await container.wait();
      const output = String(await container.logs({ stdout: true, stderr: true }));
      return output.trim() === marker;
    } finally {
      await container.remove({ force: true }).catch(() => undefined);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
