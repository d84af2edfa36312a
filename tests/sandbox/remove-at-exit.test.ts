import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/index.js';
import { temporaryFolder } from '../temporary-folder.js';
import { fixture } from './fixture-paths.js';

describe('removeAtExit', () => {
  const temp = temporaryFolder('rpe-remove-at-exit-');

  it('a process that exits with a check in flight leaves no copy of the submission behind', () => {
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'remove-at-exit-child.ts'),
        fixture('good-python'),
      ],
      { cwd: packagePath(), env: { ...process.env, TMPDIR: temp }, encoding: 'utf8' },
    );
    const { tree, released } = JSON.parse(out) as { tree: string; released: string };
    // The copy was made in this test's folder, and is gone with the process.
    expect(tree.startsWith(temp)).toBe(true);
    expect(existsSync(tree)).toBe(false);
    // What was released is not the exit's to remove (tsx keeps its cache there too).
    const ours = readdirSync(temp).filter((name) => name.startsWith('rpe-'));
    expect(ours).toEqual([released.slice(temp.length + 1)]);
  });
});
