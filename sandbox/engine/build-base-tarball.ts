import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { RpeError } from '../../framework/errors.js';
import type { EngineConfig } from './engine-config.js';
import { IMAGE_RECIPE } from './runner-images.js';

/** A cached root filesystem tarball and whether this call had to build it. */
export interface BaseTarball {
  path: string;
  cached: boolean;
}

// The cache file for the base root filesystem, named after what goes into it.
export function baseTarballPath(config: EngineConfig): string {
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        IMAGE_RECIPE.suite,
        IMAGE_RECIPE.variant,
        IMAGE_RECIPE.include,
        IMAGE_RECIPE.exclude,
        IMAGE_RECIPE.copies,
        IMAGE_RECIPE.executeOnly,
      ]),
    )
    .digest('hex')
    .slice(0, 12);
  return join(config.cacheDir, 'images', `base-${IMAGE_RECIPE.suite}-${key}.tar`);
}

/**
 * Builds the minimal Debian root filesystem with debootstrap and packs it into a tarball, or reuses
 * the cached one. Needs root (debootstrap chroots) and Debian's apt repositories, no registry.
 */
export async function buildBaseTarball(
  config: EngineConfig,
  options: { force?: boolean; onLine?: (line: string) => void } = {},
): Promise<BaseTarball> {
  const target = baseTarballPath(config);
  if (!options.force && existsSync(target)) return { path: target, cached: true };
  if (process.getuid?.() !== 0)
    throw new RpeError(
      'debootstrap_needs_root',
      'building the runner images offline runs debootstrap, which needs root: run as root, or use --from-registry',
    );
  await mkdir(join(config.cacheDir, 'images'), { recursive: true });
  const work = await mkdtemp(join(config.cacheDir, 'images', 'rootfs-'));
  const rootfs = join(work, 'rootfs');
  try {
    const debootstrap = execa(
      'debootstrap',
      [
        `--variant=${IMAGE_RECIPE.variant}`,
        `--include=${IMAGE_RECIPE.include.join(',')}`,
        IMAGE_RECIPE.suite,
        rootfs,
        config.debianMirror,
      ],
      { all: true, buffer: { all: true }, reject: false, lines: false },
    );
    debootstrap.all?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) options.onLine?.(line.trim());
    });
    const result = await debootstrap;
    if (result.exitCode !== 0) {
      const tail = String(result.all ?? '')
        .trim()
        .split('\n')
        .slice(-3)
        .join(' / ');
      throw new RpeError(
        'debootstrap_failed',
        result.exitCode === undefined
          ? 'debootstrap is not installed: apt-get install debootstrap'
          : `debootstrap failed (exit ${result.exitCode}): ${tail}`,
      );
    }
    for (const [from, to] of IMAGE_RECIPE.copies) {
      await mkdir(dirname(join(rootfs, to)), { recursive: true });
      await copyFile(join(rootfs, from), join(rootfs, to));
    }
    for (const file of IMAGE_RECIPE.executeOnly) await chmod(join(rootfs, file), 0o711);
    const partial = `${target}.partial`;
    await execa('tar', [
      '--numeric-owner',
      ...IMAGE_RECIPE.exclude.map((pattern) => `--exclude=${pattern}`),
      '-C',
      rootfs,
      '-cf',
      partial,
      '.',
    ]);
    await rename(partial, target);
    return { path: target, cached: false };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
