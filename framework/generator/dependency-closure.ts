import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { RpeError } from '../errors.js';

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

/**
 * The folders under root/node_modules holding `names` and everything they need at run time
 * (dependencies, and optional ones where installed), leaving out the packages in `skip` and what
 * only they need.
 */
export function dependencyClosure(
  root: string,
  names: string[],
  options: { skip?: readonly string[] } = {},
): string[] {
  const skip = new Set(options.skip ?? []);
  const seen = new Set<string>();
  const queue = names.map((name) => ({ from: root, name, optional: false }));
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next) break;
    if (skip.has(next.name)) continue;
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
