import { existsSync } from 'node:fs';
import { packagePath } from '../../framework/package-root.js';

/** The snapshot the generator tests read: RPE_TEST_LEXICON, else the bundled data/morphology.sqlite. */
export const TEST_LEXICON =
  process.env.RPE_TEST_LEXICON ?? packagePath('data', 'morphology.sqlite');

/** Whether it exists; tests that need it say so loudly when it does not. */
export const HAS_LEXICON = existsSync(TEST_LEXICON);
if (!HAS_LEXICON)
  process.stderr.write(`SKIPPED: generator tests that need ${TEST_LEXICON} (not built)\n`);

export const PYTHON_RUNTIME = packagePath('templates', 'py');
