import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { dependencyClosure } from '../../framework/generator/dependency-closure.js';
import { packageRoot } from '../../framework/package-root.js';

/** Where the node image keeps tsx and its dependencies: on no submission's resolution path. */
export const RUNTIME_MODULES = '/opt/rpe/node_modules';

// The version of tsx installed beside this toolkit, or null when it is not installed.
export function tsxVersion(): string | null {
  const manifest = join(packageRoot(), 'node_modules', 'tsx', 'package.json');
  if (!existsSync(manifest)) return null;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Stages what the node image adds to its base under `rootfs/`: tsx (the runner's TypeScript
 * loader, like python3 is the Python one) with its dependencies at RUNTIME_MODULES, and, when
 * `withNode` is set, the running Node binary and npm under `rootfs/usr/local`. The toolkit itself
 * is not there: a generator gets it from its own package-lock.json.
 */
export async function stageNodeRuntime(
  stageDir: string,
  options: { withNode: boolean },
): Promise<{ tsxVersion: string }> {
  const root = packageRoot();
  const modules = join(stageDir, 'rootfs', ...RUNTIME_MODULES.split('/').filter(Boolean));
  await mkdir(modules, { recursive: true });
  for (const name of dependencyClosure(root, ['tsx']))
    await cp(join(root, 'node_modules', name), join(modules, name), {
      recursive: true,
      verbatimSymlinks: true,
    });
  if (options.withNode) {
    const node = realpathSync(process.execPath);
    await mkdir(join(stageDir, 'rootfs', 'usr', 'local', 'bin'), { recursive: true });
    await cp(node, join(stageDir, 'rootfs', 'usr', 'local', 'bin', 'node'));
    const npm = join(dirname(node), '..', 'lib', 'node_modules', 'npm');
    if (existsSync(npm))
      await cp(npm, join(stageDir, 'rootfs', 'usr', 'local', 'lib', 'node_modules', 'npm'), {
        recursive: true,
        verbatimSymlinks: true,
      });
  }
  return { tsxVersion: tsxVersion() ?? 'none' };
}
