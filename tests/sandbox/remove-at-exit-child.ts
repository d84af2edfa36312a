// Started by remove-at-exit.test.ts: a command that ends the process with a check still in flight,
// as a batch does that gave up on an engine gone silent. Prints the checked tree's copy and exits
// without disposing of it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeAtExit } from '../../sandbox/engine/on-interrupt.js';
import { prepareSubmissionTree } from '../../sandbox/submission/prepare-submission-tree.js';

const [submission] = process.argv.slice(2);
const prepared = await prepareSubmissionTree({ dir: submission! });
// A folder registered and then released: the process must leave it alone.
const released = mkdtempSync(join(tmpdir(), 'rpe-released-'));
removeAtExit(released)();
process.stdout.write(`${JSON.stringify({ tree: prepared.dir, released })}\n`);
process.exit(0);
