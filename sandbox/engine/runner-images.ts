import { createHash } from 'node:crypto';
import type { EntrypointKind } from '../run/executor.js';
import { tsxVersion } from './stage-node-runtime.js';

/**
 * What goes into the runner images. The tag is a hash of this recipe, which names the running
 * Node's version and the tsx beside this toolkit, so a change to any of them names a new image
 * instead of reusing a stale one. The toolkit itself is in no image: a TypeScript generator
 * installs the one its package-lock.json pins, so the toolkit's version is not part of the tag.
 */
export const IMAGE_RECIPE = {
  revision: 3,
  suite: 'bookworm',
  variant: 'minbase',
  // python3-pip is there for the offline install of vendored wheels; libstdc++6 for the Node
  // binary; strace to see every network call a run attempts; libfaketime to move the clock of
  // the second run of a seed (the node image is built on the python one, so both have it).
  include: [
    'python3-minimal',
    'libpython3.11-stdlib',
    'python3-pip',
    'libstdc++6',
    'strace',
    'libfaketime',
  ],
  // Files copied within the root filesystem, as [from, to]: a second shell, for the run's
  // wrapper only (see generator-command.ts).
  copies: [['./usr/bin/dash', './usr/lib/rpe/sh']],
  // Installed execute-only: a process running it is not dumpable, so the generator it traces or
  // starts cannot open its descriptors (the trace file, the run's output pipe) or read its
  // environment through /proc.
  executeOnly: ['./usr/bin/strace', './usr/lib/rpe/sh'],
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
  tsxVersion: tsxVersion(),
} as const;

const recipeHash = createHash('sha256')
  .update(JSON.stringify({ recipe: IMAGE_RECIPE }))
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
