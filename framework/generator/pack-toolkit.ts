import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RpeError } from '../errors.js';
import { packageRoot } from '../package-root.js';

/**
 * `npm pack` of this toolkit into `destination`: the tarball a TypeScript scaffold installs
 * locally (devDependency `file:vendor/...`). Scripts are skipped: the package is already built.
 */
export async function packToolkit(destination: string, signal?: AbortSignal): Promise<string> {
  mkdirSync(destination, { recursive: true });
  const { execa } = await import('execa');
  const result = await execa(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', destination],
    {
      cwd: packageRoot(),
      reject: false,
      env: { npm_config_update_notifier: 'false', npm_config_fund: 'false' },
      ...(signal ? { cancelSignal: signal } : {}),
    },
  );
  signal?.throwIfAborted();
  if (result.exitCode !== 0) {
    const reason =
      (result.stderr || result.stdout).split('\n').find((l) => l.trim()) ??
      `exit ${result.exitCode}`;
    throw new RpeError('pack_failed', `npm pack of the toolkit failed: ${reason}`);
  }
  const [packed] = JSON.parse(result.stdout) as { filename: string }[];
  if (!packed) throw new RpeError('pack_failed', 'npm pack of the toolkit reported no file');
  return join(destination, packed.filename);
}
