// The README declares the hash of data/; this fails as soon as the snapshot or its notes change
// without the declaration being updated.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDeclaredDataHash, hashDataDir } from '../../framework/rules/index.js';
import { packagePath } from '../../framework/package-root.js';

describe('the README data hash', () => {
  it('matches data/ as it is', () => {
    const declared = findDeclaredDataHash(readFileSync(packagePath('README.md'), 'utf8'));
    expect(declared, 'README.md has no `Data hash of data/: sha256:...` line').not.toBeNull();
    expect(declared, 'data/ changed: run `npx rpe hash data` and update the README line').toBe(
      hashDataDir(packagePath('data')),
    );
  });
});
