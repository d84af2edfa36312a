/**
 * Parses the text of a `.env` file into its variables, the way common .env readers take the task's
 * `.env`: `KEY=value` lines, an optional `export ` prefix, `#` comments, single or double quotes
 * (double quotes understand \n, \t, \" and \\), and a ` #` comment after an unquoted value.
 * Lines that are not assignments are ignored.
 */
export function parseDotEnv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, key = '', rest = ''] = match;
    vars[key] = parseValue(rest);
  }
  return vars;
}

function parseValue(rest: string): string {
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    const end = rest.indexOf(quote, 1);
    if (end > 0) {
      const inner = rest.slice(1, end);
      if (quote === "'") return inner;
      return inner.replace(/\\([nt"\\])/g, (_, c: string) =>
        c === 'n' ? '\n' : c === 't' ? '\t' : c,
      );
    }
  }
  const hash = rest.search(/\s#/);
  return (hash >= 0 ? rest.slice(0, hash) : rest).trim();
}
