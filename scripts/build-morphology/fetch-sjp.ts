import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import type { Versions } from './expected-versions.js';

export const SJP_PACKAGE = 'hunspell-pl';

export interface SjpSources {
  /** The Hunspell dictionary and its affix file. */
  dic: string;
  aff: string;
  versions: Versions;
}

// Downloads Debian's hunspell-pl (the SJP.pl dictionary in Hunspell format) into `workDir` with
// `apt-get download` and unpacks it with `dpkg-deb -x`: nothing is installed. apt checks the
// package's checksum against the signed package lists; the version is checked against SOURCES.md
// by the caller.
export async function fetchSjp(workDir: string, log: (line: string) => void): Promise<SjpSources> {
  log(`downloading ${SJP_PACKAGE}`);
  const result = await execa('apt-get', ['download', SJP_PACKAGE], { cwd: workDir, reject: false });
  if (result.exitCode !== 0) {
    throw new Error(`apt-get download ${SJP_PACKAGE} failed: ${String(result.stderr).trim()}`);
  }
  const deb = readdirSync(workDir).find(
    (f) => f.startsWith(`${SJP_PACKAGE}_`) && f.endsWith('.deb'),
  );
  if (!deb) throw new Error(`apt-get download left no ${SJP_PACKAGE}_*.deb in ${workDir}`);
  const version = (await execa('dpkg-deb', ['-f', join(workDir, deb), 'Version'])).stdout.trim();
  const root = join(workDir, 'sjp');
  await execa('dpkg-deb', ['-x', join(workDir, deb), root]);
  const file = (name: string) => {
    const path = join(root, 'usr', 'share', 'hunspell', name);
    if (!existsSync(path)) throw new Error(`${path}: missing from the unpacked ${SJP_PACKAGE}`);
    return path;
  };
  return { dic: file('pl_PL.dic'), aff: file('pl_PL.aff'), versions: { [SJP_PACKAGE]: version } };
}
