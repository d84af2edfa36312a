// The table scripts/ci/test-cpu.ts prints: the lines tests/cpu-per-file.ts wrote, most CPU first.
import { z } from 'zod';

const lineSchema = z.object({ file: z.string(), self: z.number(), children: z.number() });

/** The table of a log's text (`source` names it in errors); throws on a line it cannot read. */
export function cpuTable(text: string, source: string, top = Infinity): string {
  const rows = text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, number }) => {
      let parsed;
      try {
        parsed = lineSchema.safeParse(JSON.parse(line));
      } catch {
        parsed = { success: false as const };
      }
      if (!parsed.success)
        throw new Error(`${source}:${number}: not a line of tests/cpu-per-file.ts`);
      return { ...parsed.data, total: parsed.data.self + parsed.data.children };
    })
    .sort((a, b) => b.total - a.total);
  const pad = (n: number) => n.toFixed(1).padStart(7);
  const sum = (key: 'self' | 'children' | 'total') => rows.reduce((t, r) => t + r[key], 0);
  return [
    '  total    self children  file',
    ...rows
      .slice(0, top)
      .map((r) => `${pad(r.total)} ${pad(r.self)} ${pad(r.children)}  ${r.file}`),
    `${rows.length} files: ${sum('total').toFixed(0)} CPU s (workers ${sum('self').toFixed(0)}, ` +
      `their processes ${sum('children').toFixed(0)})`,
    '',
  ].join('\n');
}
