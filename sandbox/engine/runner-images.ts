import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { packagePath } from '../../framework/package-root.js';
import type { EntrypointKind } from '../run/executor.js';

/**
 * What goes into the runner images. The tag is a hash of this recipe, the toolkit version and the
 * running Node's version, so a change to any of them names a new image instead of reusing a stale one.
 */
export const IMAGE_RECIPE = {
  revision: 1,
  suite: 'bookworm',
  variant: 'minbase',
  // python3-pip is there for the offline install of vendored wheels; libstdc++6 for the Node binary.
  include: ['python3-minimal', 'libpython3.11-stdlib', 'python3-pip', 'libstdc++6'],
  // Bulky parts of the root filesystem that no generator needs.
  exclude: [
    './usr/share/doc/*',
    './usr/share/man/*',
    './usr/share/info/*',
    './var/cache/apt/*',
    './var/lib/apt/lists/*',
    './var/log/*',
    './usr/share/locale/*',
  ],
  registry: {
    python: 'python:3.11-slim-bookworm',
    node: `node:${process.versions.node.split('.')[0]}-bookworm-slim`,
  },
  nodeVersion: process.version,
} as const;

function toolkitVersion(): string {
  const { version } = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as {
    version: string;
  };
  return version;
}

const recipeHash = createHash('sha256')
  .update(JSON.stringify({ recipe: IMAGE_RECIPE, toolkit: toolkitVersion() }))
  .digest('hex')
  .slice(0, 12);

/** Names and tag of the runner images: python for generate.py, node for generate.ts / .js. */
export const RUNNER_IMAGES = {
  tag: `r${IMAGE_RECIPE.revision}-${recipeHash}`,
  python: `rpe-runner-python:r${IMAGE_RECIPE.revision}-${recipeHash}`,
  node: `rpe-runner-node:r${IMAGE_RECIPE.revision}-${recipeHash}`,
} as const;

export type RunnerImageKind = 'python' | 'node';

// The runner image that executes an entrypoint of this kind.
export function runnerImageFor(kind: EntrypointKind): { kind: RunnerImageKind; ref: string } {
  return kind === 'python'
    ? { kind: 'python', ref: RUNNER_IMAGES.python }
    : { kind: 'node', ref: RUNNER_IMAGES.node };
}
