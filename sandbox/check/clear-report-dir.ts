import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RpeError, systemReason } from '../../framework/index.js';

const OWN_FILE = /^(report\.json|report\.md|seed-\d+\.jsonl)$/;

/**
 * Makes a report folder ready for a new check, before the check runs (so an unwritable folder
 * costs no runs): creates it, and removes what an earlier check left there, report.json first so
 * a batch never takes a half-written folder for a finished one. Other files are left alone.
 */
export async function clearReportDir(dir: string): Promise<void> {
  const kind = await stat(dir).then(
    (s) => (s.isDirectory() ? 'dir' : 'other'),
    () => 'missing',
  );
  if (kind === 'other') throw new RpeError('report_dir_unusable', `${dir} is not a folder`);
  try {
    await mkdir(dir, { recursive: true });
    await rm(join(dir, 'report.json'), { force: true });
    const old = (await readdir(dir)).filter((name) => OWN_FILE.test(name));
    await Promise.all(old.map((name) => rm(join(dir, name), { force: true })));
  } catch (error) {
    throw new RpeError(
      'report_dir_unusable',
      `cannot write the report into ${dir}: ${systemReason(error)}`,
      {
        cause: error,
      },
    );
  }
}
