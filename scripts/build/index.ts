// `npm run build`: compiles the parts with tsc (tsconfig.build.json), bundles the doors
// (scripts/bundle-doors) and records what the build was made from (stamp.ts).
//
//   npx tsx scripts/build/index.ts [--if-stale]
//
// --if-stale, as `npm test` runs it, skips the build when dist/ is what the last build of the
// present sources made: after `npm ci`, whose `prepare` has just built, the tests start at once.
import { createRequire } from 'node:module';
import { execa } from 'execa';
import { packagePath } from '../../framework/package-root.js';
import { buildIsCurrent, removeStamp, writeStamp } from './stamp.js';

const USAGE = 'usage: tsx scripts/build/index.ts [--if-stale]';

const args = process.argv.slice(2);
const unknown = args.find((arg) => arg !== '--if-stale');
if (unknown !== undefined) {
  process.stderr.write(`build: ${unknown}: not an option (${USAGE})\n`);
  process.exit(2);
}

const root = packagePath();
if (args.includes('--if-stale') && buildIsCurrent(root)) {
  process.stdout.write(
    'build: dist/ is as the last build of these sources left it; not built again\n',
  );
  process.exit(0);
}

removeStamp(root);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = await execa(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
  reject: false,
});
if (compiled.exitCode !== 0) process.exit(compiled.exitCode ?? 1);
await import('../bundle-doors/index.js');
writeStamp(root);
