// Tiny generators that misbehave in one way each, written into a row's folder by its setup.
import { execFileSync } from 'node:child_process';
import { closeSync, cpSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packagePath } from '../../../framework/package-root.js';

const FRAMEWORK = pathToFileURL(packagePath('dist', 'framework', 'index.js')).href;

export interface ModuleParts {
  /** Code at the module's top level, before the declaration. */
  top?: string;
  /** The body of sample(ctx). */
  sample?: string;
  count?: number;
}

// A JavaScript generator in DIR/gen/generator.mjs, declared with the built framework.
export function moduleGenerator(parts: ModuleParts = {}): (dir: string) => void {
  const sample = parts.sample ?? 'return { input: `Pytanie ${ctx.index}`, gold: "tak" };';
  return (dir) => {
    mkdirSync(join(dir, 'gen'));
    writeFileSync(
      join(dir, 'gen', 'generator.mjs'),
      `import { defineGenerator, family } from ${JSON.stringify(FRAMEWORK)};
${parts.top ?? ''}
export default defineGenerator({
  name: 'hostile',
  count: ${parts.count ?? 50},
  families: [family({ id: 'only', phenomenon: 'p', contrast: 'c', sample(ctx) { ${sample} } })],
});
`,
    );
  };
}

// A module in DIR/gen/generator.mjs with exactly this text.
export function moduleText(text: string): (dir: string) => void {
  return (dir) => {
    mkdirSync(join(dir, 'gen'));
    writeFileSync(join(dir, 'gen', 'generator.mjs'), text);
  };
}

// A Python generator in DIR/gen as `rpe init --lang py` makes it: generate.py and rpe_runtime/.
export function pythonGenerator(parts: ModuleParts = {}): (dir: string) => void {
  const sample = parts.sample ?? 'return {"input": f"Pytanie {ctx.index}", "gold": "tak"}';
  return (dir) => {
    cpSync(packagePath('templates', 'py', 'rpe_runtime'), join(dir, 'gen', 'rpe_runtime'), {
      recursive: true,
      filter: (source) => !source.includes('__pycache__'),
    });
    writeFileSync(
      join(dir, 'gen', 'generate.py'),
      `import sys
from rpe_runtime import define_generator, family, run_cli
${parts.top ?? ''}

def sample(ctx):
    ${sample}


GENERATOR = define_generator(name="hostile", count=${parts.count ?? 50}, lexicon="data/morphology.sqlite",
    families=[family(id="only", phenomenon="p", contrast="c", sample=sample)])

if __name__ == "__main__":
    sys.exit(run_cli(GENERATOR))
`,
    );
  };
}

// A named pipe at DIR/NAME with no writer: opening it for reading would wait forever.
export function fifo(name: string): (dir: string) => void {
  return (dir) => execFileSync('mkfifo', [join(dir, name)]);
}

/**
 * A copy of the bundled snapshot at DIR/NAME with damaged pages: it opens, and a query that reads
 * a damaged page fails with "database disk image is malformed".
 */
export function damagedSnapshot(name: string): (dir: string) => void {
  return (dir) => {
    const path = join(dir, name);
    cpSync(packagePath('data', 'morphology.sqlite'), path);
    const fd = openSync(path, 'r+');
    try {
      const junk = Buffer.alloc(1024, 0xde);
      for (let page = 3; page < 6000; page += 7) writeSync(fd, junk, 0, junk.length, page * 4096);
    } finally {
      closeSync(fd);
    }
  };
}

// Runs several setups in order.
export function all(...steps: ((dir: string) => void)[]): (dir: string) => void {
  return (dir) => steps.forEach((step) => step(dir));
}

// Writes DIR/NAME.
export function file(name: string, text: string | Buffer): (dir: string) => void {
  return (dir) => writeFileSync(join(dir, name), text);
}
