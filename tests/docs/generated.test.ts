// The references generated from the code (docs/cli.md, the report schema) are current.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { generatedDocs } from '../../scripts/docs/generated-docs.js';

describe('generated references', async () => {
  const docs = await generatedDocs();
  it.each(docs.map((d) => [d.file, d] as const))('%s is current (npm run docs)', (file, doc) => {
    expect(readFileSync(packagePath(file), 'utf8')).toBe(doc.content);
  });
});
