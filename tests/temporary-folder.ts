// A test file's own temporary folder, removed when the file's tests are done: the machine's
// temporary folder is shared with other users and other test runs, and a run leaves nothing there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** Call at a file's top level (or in a describe): the folder goes in that scope's afterAll. */
export function temporaryFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
