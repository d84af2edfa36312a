import { fileURLToPath } from 'node:url';

// The framework's own folder (framework/, dist/framework/ or the bundle's): its frames are not
// the team's.
const FRAMEWORK = fileURLToPath(new URL('..', import.meta.url));
// A stack frame: `    at f (file:///x/generator.ts:41:12)` or `    at file:///x/generator.ts:3:1`.
const FRAME = /^\s+at (?:.*?\()?(?:file:\/\/)?([^():]+):(\d+):\d+\)?$/;

/**
 * Where an error left the team's code, as ` (generator.ts:41)`: the first frame of its stack that
 * is not Node's, a package's (node_modules) or this framework's; empty when there is none.
 */
export function raisedAt(error: unknown): string {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const line of stack.split('\n')) {
    const file = FRAME.exec(line)?.[1];
    if (!file || file.startsWith('node:') || file.includes('/node_modules/')) continue;
    if (file.startsWith(FRAMEWORK)) continue;
    return ` (${file.split('/').pop()}:${FRAME.exec(line)?.[2]})`;
  }
  return '';
}
