#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write(
    'rpe: the package is not built; run `npm ci` (or `npm run build`) in the checkout first\n',
  );
  process.exit(2);
}
const { main } = await import(entry.href);
await main(process.argv);
