// What a build was made from and what it made, so that `npm test` can skip a build whose
// inputs and outputs are as the last one left them (`npm ci` has just built, through `prepare`).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The stamp's file, in dist/ so that removing dist/ removes it too. */
export const STAMP = join('dist', '.build-stamp.json');

/** The folders tsconfig.build.json compiles (its `include`; a test keeps the two the same). */
export const COMPILED_FOLDERS = ['framework', 'sandbox', 'panel', 'cli', 'examples'];
/** What the build reads, beside the installed packages. */
const INPUT_FOLDERS = [...COMPILED_FOLDERS, 'scripts/bundle-doors'];
// package-lock.json stands for node_modules: `npm ci` installs exactly what it names, and the
// doors bundle zod, execa, dockerode and exceljs from there.
const INPUT_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];

export interface Stamp {
  inputs: string;
  outputs: string;
}

// Every file under `dir`, as paths relative to `root`, sorted; none when `dir` does not exist.
function filesUnder(root: string, dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(join(root, file)).isFile())
    .sort();
}

// One digest of the files' paths and bytes.
function digest(root: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The digest of the build's inputs: the parts' sources but their tests, and the settings. */
export function inputsDigest(root: string): string {
  const files = [
    ...INPUT_FOLDERS.flatMap((dir) => filesUnder(root, dir)).filter((f) => !f.endsWith('.test.ts')),
    ...INPUT_FILES.filter((f) => existsSync(join(root, f))),
  ];
  return digest(root, files);
}

/** The digest of what the build made: every file in dist/ but the stamp. */
export function outputsDigest(root: string): string {
  return digest(
    root,
    filesUnder(root, 'dist').filter((f) => f !== STAMP),
  );
}

/** Whether dist/ is what a build of the present inputs made, untouched since. */
export function buildIsCurrent(root: string): boolean {
  const path = join(root, STAMP);
  if (!existsSync(path)) return false;
  let stamp: Partial<Stamp>;
  try {
    stamp = JSON.parse(readFileSync(path, 'utf8')) as Partial<Stamp>;
  } catch {
    return false;
  }
  return stamp.inputs === inputsDigest(root) && stamp.outputs === outputsDigest(root);
}

/** Records a finished build. */
export function writeStamp(root: string): void {
  const stamp: Stamp = { inputs: inputsDigest(root), outputs: outputsDigest(root) };
  writeFileSync(join(root, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
}

/** Forgets the last build, before a new one starts: one broken off leaves no stamp. */
export function removeStamp(root: string): void {
  rmSync(join(root, STAMP), { force: true });
}
