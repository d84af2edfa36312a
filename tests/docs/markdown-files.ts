import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../../framework/package-root.js';

/** A document of the repository: README.md and every docs/*.md, with its text. */
export interface Doc {
  /** Path relative to the package root. */
  file: string;
  text: string;
}

// README.md and docs/*.md.
export function markdownFiles(): Doc[] {
  const files = [
    'README.md',
    ...readdirSync(packagePath('docs'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => join('docs', f)),
  ];
  return files.map((file) => ({ file, text: readFileSync(packagePath(file), 'utf8') }));
}

// GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens.
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

// The anchors a document offers (duplicates get -1, -2 ... as on GitHub).
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const heading = !fence ? /^#{1,6} (.*)$/.exec(line)?.[1] : undefined;
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}
