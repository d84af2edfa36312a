import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { cp, mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { RpeError } from '../../framework/errors.js';
import { packageRoot } from '../../framework/package-root.js';

/**
 * What a generator can import from the toolkit: the framework (the package's main export) and its
 * data. The CLI and the sandbox stay out, so rebuilding them does not make the node image stale.
 */
const TOOLKIT_PARTS = [join('dist', 'framework'), 'data'];

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function manifestOf(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

// Node's lookup: the requiring package's own node_modules, then each ancestor's.
function resolvePackage(root: string, from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === dirname(dir)) return undefined;
  }
}

// The folders under root/node_modules holding `names` and everything they need at run time.
export function dependencyClosure(root: string, names: string[]): string[] {
  const seen = new Set<string>();
  const queue = names.map((name) => ({ from: root, name, optional: false }));
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next) break;
    const dir = resolvePackage(root, next.from, next.name);
    if (!dir) {
      if (next.optional) continue;
      throw new RpeError('dependency_missing', `${next.name} is not installed: run npm ci first`);
    }
    if (seen.has(dir)) continue;
    seen.add(dir);
    const manifest = manifestOf(dir);
    for (const name of Object.keys(manifest.dependencies ?? {}))
      queue.push({ from: dir, name, optional: false });
    for (const name of Object.keys(manifest.optionalDependencies ?? {}))
      queue.push({ from: dir, name, optional: true });
  }
  // Nested packages travel inside their top-level folder.
  const top = new Set<string>();
  for (const dir of seen) {
    const parts = relative(join(root, 'node_modules'), dir).split(sep);
    top.add(parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? ''));
  }
  return [...top].filter(Boolean).sort();
}

/** The files the node image adds to its base, staged under `rootfs/`. */
export interface StagedToolkit {
  /** sha256 over the toolkit's own files: the node image is stale when it differs. */
  toolkitHash: string;
  tsxVersion: string;
}

async function hashTree(dir: string, hash: ReturnType<typeof createHash>): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  for (const file of files) hash.update(relative(dir, file)).update(await readFile(file));
}

// The toolkit's content hash, without staging anything: decides whether a node image is stale.
export async function toolkitHash(): Promise<string> {
  const root = packageRoot();
  const hash = createHash('sha256').update(await readFile(join(root, 'package.json')));
  for (const part of TOOLKIT_PARTS)
    if (existsSync(join(root, part))) await hashTree(join(root, part), hash);
  return hash.digest('hex');
}

/**
 * Stages this toolkit (package.json, dist/framework, data) and its production dependencies plus tsx at
 * `rootfs/node_modules`, so `import 'reverse-poleval'` and `--import tsx` resolve from any path,
 * and, when `withNode` is set, the running Node binary and npm under `rootfs/usr/local`.
 */
export async function stageToolkit(
  stageDir: string,
  options: { withNode: boolean },
): Promise<StagedToolkit> {
  const root = packageRoot();
  if (!existsSync(join(root, 'dist', 'framework', 'index.js')))
    throw new RpeError('toolkit_not_built', 'the toolkit is not built: run `npm run build` first');
  const modules = join(stageDir, 'rootfs', 'node_modules');
  const self = join(modules, 'reverse-poleval');
  await mkdir(self, { recursive: true });
  await cp(join(root, 'package.json'), join(self, 'package.json'));
  for (const part of TOOLKIT_PARTS)
    if (existsSync(join(root, part)))
      await cp(join(root, part), join(self, part), { recursive: true });
  const names = [...Object.keys(manifestOf(root).dependencies ?? {}), 'tsx'];
  for (const name of dependencyClosure(root, names))
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
  const tsx = JSON.parse(readFileSync(join(modules, 'tsx', 'package.json'), 'utf8')) as {
    version: string;
  };
  return { toolkitHash: await toolkitHash(), tsxVersion: tsx.version };
}
