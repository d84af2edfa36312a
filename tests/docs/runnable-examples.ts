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

/**
 * What must stay the same between a documented output and a real one: hashes, numbers and
 * durations may differ, the shape may not. Trailing blanks are dropped.
 */
export function outputShape(lines: readonly string[]): string[] {
  const shaped = lines.map((l) =>
    l
      .replace(/[0-9a-f]{12,}/g, '<hex>')
      .replace(/\d+(?:[.,]\d+)?/g, '<n>')
      .trimEnd(),
  );
  while (shaped.at(-1) === '') shaped.pop();
  return shaped;
}

// Whether the actual lines have the documented shape; a documented line `...` stands for any lines.
export function sameShape(documented: readonly string[], actual: readonly string[]): boolean {
  const want = outputShape(documented);
  const got = outputShape(actual);
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
