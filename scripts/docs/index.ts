// `npm run docs`: writes the generated references (docs/cli.md, the report schema in
// docs/report.md). `npm run docs -- --check` exits 1 when one of them is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { packagePath } from '../../framework/package-root.js';
import { generatedDocs } from './generated-docs.js';

const check = process.argv.includes('--check');
let stale = 0;
for (const { file, content } of await generatedDocs()) {
  const path = packagePath(file);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
  if (current === content) continue;
  if (check) {
    process.stderr.write(`${file} is stale: run npm run docs\n`);
    stale++;
  } else {
    writeFileSync(path, content);
    process.stdout.write(`wrote ${file}\n`);
  }
}
process.exitCode = stale > 0 ? 1 : 0;
