/** A fenced ```console runnable``` block of a document: commands with the output each printed. */
export interface RunnableExample {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** ```console runnable docker```: needs a Docker engine and the runner images. */
  docker: boolean;
  steps: { command: string; output: string[] }[];
}

// The runnable blocks of a document: ```console runnable (or runnable docker), `$ ` before each command.
export function runnableExamples(file: string, text: string): RunnableExample[] {
  const found: RunnableExample[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```console runnable( docker)?\s*$/.exec(lines[i] ?? '');
    if (!fence) continue;
    const example: RunnableExample = { file, line: i + 1, docker: Boolean(fence[1]), steps: [] };
    for (i++; i < lines.length && !(lines[i] ?? '').startsWith('```'); i++) {
      const line = lines[i] ?? '';
      if (line.startsWith('$ ')) example.steps.push({ command: line.slice(2), output: [] });
      else example.steps.at(-1)?.output.push(line);
    }
    found.push(example);
  }
  return found;
}

/** A content hash as the toolkit prints it: the same input gives the same one, on any machine. */
const CONTENT_HASH = /sha256:[0-9a-f]{12,}/g;

/**
 * What must stay the same between a documented output and a real one: numbers, durations and
 * other hex (commit and image IDs) may differ, the shape may not, and neither may a content hash
 * (`sha256:...`: seed sets, data, trees), unless `hashes` is 'mask'. Trailing blanks are dropped.
 */
export function outputShape(lines: readonly string[], hashes: 'keep' | 'mask' = 'keep'): string[] {
  const shaped = lines.map((l) => {
    const kept: string[] = [];
    const masked = l.replace(CONTENT_HASH, (hash) => {
      kept.push(hash);
      return hashes === 'keep' ? `@@${kept.length - 1}@@` : 'sha256:<hash>';
    });
    return masked
      .replace(/[0-9a-f]{12,}/g, '<hex>')
      .replace(/\d+(?:[.,]\d+)?/g, '<n>')
      .replace(/@@<n>@@/g, () => kept.shift() ?? '')
      .trimEnd();
  });
  while (shaped.at(-1) === '') shaped.pop();
  return shaped;
}

// Whether the actual lines have the documented shape; a documented line `...` stands for any lines.
export function sameShape(
  documented: readonly string[],
  actual: readonly string[],
  hashes: 'keep' | 'mask' = 'keep',
): boolean {
  const want = outputShape(documented, hashes);
  const got = outputShape(actual, hashes);
  const match = (w: number, g: number): boolean => {
    if (w === want.length) return g === got.length;
    if (want[w] === '...') {
      for (let k = g; k <= got.length; k++) if (match(w + 1, k)) return true;
      return false;
    }
    return g < got.length && want[w] === got[g] && match(w + 1, g + 1);
  };
  return match(0, 0);
}

/**
 * The documented content hashes and the ones the commands gave instead, in order, when the output
 * has the documented shape but for them (else none): what `RPE_UPDATE_DOC_HASHES=1` writes back.
 */
export function changedHashes(
  documented: readonly string[],
  actual: readonly string[],
): [string, string][] {
  if (documented.includes('...') || !sameShape(documented, actual, 'mask')) return [];
  const of = (lines: readonly string[]) => lines.join('\n').match(CONTENT_HASH) ?? [];
  const was = of(documented);
  const now = of(actual);
  const changed: [string, string][] = [];
  was.forEach((hash, i) => {
    const real = now[i];
    if (real !== undefined && real !== hash) changed.push([hash, real]);
  });
  return changed;
}
