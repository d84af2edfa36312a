import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import type { Versions } from './expected-versions.js';

export const DEBIAN_PACKAGES = ['libmorfologik-stemming2-java', 'libjcommander-java'] as const;

/** The commands fetching and decompiling Morfologik runs. */
const TOOLS = ['java', 'jar', 'apt-get', 'dpkg-deb'] as const;

/** Those of TOOLS this machine lacks: a rebuild from the sources cannot run without them. */
export function missingTools(): string[] {
  return TOOLS.filter((c) => spawnSync('sh', ['-c', `command -v ${c}`]).status !== 0);
}

export interface MorfologikSources {
  /** The decompiled dictionary, `lemma;form;tag+tag...` per line. */
  tsv: string;
  versions: Versions;
}

// Downloads Debian's Morfologik packages into `workDir` (no system install), unpacks them and
// decompiles polish.dict with Morfologik's own tool. Needs apt-get, dpkg-deb and Java.
export async function fetchMorfologik(
  workDir: string,
  log: (line: string) => void,
): Promise<MorfologikSources> {
  log('downloading Debian packages');
  const download = () =>
    execa('apt-get', ['download', ...DEBIAN_PACKAGES], { cwd: workDir, reject: false });
  let result = await download();
  if (result.exitCode !== 0 && process.getuid?.() === 0) {
    // A fresh machine may have no package lists yet.
    log('apt-get download failed; running apt-get update once');
    await execa('apt-get', ['update', '-qq'], { reject: false });
    result = await download();
  }
  if (result.exitCode !== 0) {
    throw new Error(
      `apt-get download ${DEBIAN_PACKAGES.join(' ')} failed: ${String(result.stderr).trim()}`,
    );
  }
  const versions: Versions = {};
  const root = join(workDir, 'root');
  for (const name of DEBIAN_PACKAGES) {
    const deb = readdirSync(workDir).find((f) => f.startsWith(`${name}_`) && f.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download left no ${name}_*.deb in ${workDir}`);
    versions[name] = (await execa('dpkg-deb', ['-f', join(workDir, deb), 'Version'])).stdout.trim();
    await execa('dpkg-deb', ['-x', join(workDir, deb), root]);
  }
  const java = join(root, 'usr', 'share', 'java');
  const jar = (name: string) => {
    const path = join(java, name);
    if (!existsSync(path)) throw new Error(`${path}: missing from the unpacked packages`);
    return path;
  };
  log('extracting polish.dict and polish.info');
  const dictDir = join(workDir, 'dict');
  mkdirSync(dictDir, { recursive: true });
  // DictDecompile reads the dictionary's metadata (polish.info) beside it.
  const inJar = ['polish.dict', 'polish.info'].map((f) => `morfologik/stemming/polish/${f}`);
  await execa('jar', ['xf', jar('morfologik-polish.jar'), ...inJar], { cwd: dictDir });
  const dict = join(dictDir, 'morfologik', 'stemming', 'polish', 'polish.dict');
  const tsv = join(workDir, 'polish.tsv');
  log('decompiling polish.dict');
  const classpath = [
    'morfologik-tools.jar',
    'morfologik-fsa.jar',
    'morfologik-fsa-builders.jar',
    'morfologik-stemming.jar',
    'jcommander.jar',
  ]
    .map(jar)
    .join(':');
  await execa('java', ['-cp', classpath, 'morfologik.tools.DictDecompile', '-i', dict, '-o', tsv]);
  return { tsv, versions };
}
