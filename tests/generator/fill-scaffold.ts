import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleEntrypoint } from '../../framework/generator/bundle-entrypoint.js';
import { testGit } from '../test-git.js';

function edit(path: string, replace: (text: string) => string): void {
  writeFileSync(path, replace(readFileSync(path, 'utf8')));
}

/**
 * Does what a team does before submitting an `rpe init` scaffold, as far as the checks can see:
 * replaces the placeholder family's PLACEHOLDER strings and input marker, fills in
 * PROVENANCE.md, bundles a TypeScript generator again (`npm run bundle`: generate.py runs the
 * bundle), and commits. (The texts are test stand-ins, not linguistic content.)
 */
export async function fillScaffold(dir: string, lang: 'py' | 'ts'): Promise<void> {
  edit(join(dir, lang === 'py' ? 'generate.py' : 'generator.ts'), (text) =>
    text
      .replace('PLACEHOLDER: describe the Polish phenomenon this family tests', 'Test phenomenon.')
      .replace(
        'PLACEHOLDER: describe the Polish contrast and how it changes the gold',
        'Test contrast.',
      )
      .replace('[PRZYKŁAD DO ZASTĄPIENIA] ', ''),
  );
  edit(join(dir, 'PROVENANCE.md'), (text) =>
    text.replace(/_to fill in_/g, 'the test team').replace(' (to be replaced)', ''),
  );
  if (lang === 'ts' && !(await bundleEntrypoint(dir))) throw new Error('esbuild is not installed');
  testGit(dir, 'add', '--all');
  testGit(dir, 'commit', '--quiet', '-m', 'Our own family and provenance');
}
