// Every link between the documents resolves (file and heading), and no document names a path
// that only exists on one machine.
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { anchorsOf, markdownFiles } from './markdown-files.js';

const docs = markdownFiles();

// The targets of Markdown links [text](target) outside code, skipping absolute URLs.
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((t) => !/^[a-z]+:/i.test(t));
}

describe('documentation links', () => {
  it.each(docs.map((d) => [d.file, d] as const))('%s: every relative link resolves', (_f, doc) => {
    const broken: string[] = [];
    for (const target of links(doc.text)) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path === '' ? doc.file : normalize(join(dirname(doc.file), path));
      if (!existsSync(packagePath(file))) {
        broken.push(`${target} (no ${file})`);
        continue;
      }
      if (anchor && file.endsWith('.md')) {
        const other = docs.find((d) => d.file === file);
        if (other && !anchorsOf(other.text).has(anchor)) broken.push(`${target} (no heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(docs.map((d) => [d.file, d] as const))(
    '%s: names no path of a particular machine',
    (_f, doc) => {
      const found = doc.text.match(/(?<![\w.])\/(?:work|home|root|Users|tmp)\/[^\s`)"']*/g) ?? [];
      expect(found).toEqual([]);
    },
  );
});
