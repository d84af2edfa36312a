import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  DEFAULT_TIMEOUT_SECONDS,
  RpeError,
  loadGenerator,
  readMeta,
  runPythonGenerator,
  readSource,
  writeFileAtomic,
  writeGeneration,
} from '../../framework/index.js';
import type { SetSource } from './resolve-set-source.js';
import { runSubmissionSeeds } from './run-submission-seeds.js';
import { officialItems, setNames, sha256, type SeedSet } from './seed-set.js';

export interface MakeSeedSetsOptions {
  source: SetSource;
  /** Required for a generator; for --sets, optional labels (one per file). */
  seeds: readonly number[] | null;
  /** The trial folder: each set goes to `<folder>/items.jsonl` (and `meta.jsonl`) inside it. */
  outDir: string;
  /** Called before each set is made (a submission's seed can take up to 120 s). */
  onStart?: (label: string) => void;
}

export interface MadeSets {
  /** What made the sets: a generator's declared name, a submission folder's name, or null. */
  name: string | null;
  sets: SeedSet[];
}

// The `--sets` convention: items.jsonl → items.meta.jsonl beside it, as `rpe generate --meta` names it.
export function metaPathFor(file: string): string {
  return `${file.replace(/\.jsonl$/, '')}.meta.jsonl`;
}

// A set or its sidecar: a regular file under the input cap (a pipe or a folder is refused).
function readBytes(file: string): Uint8Array {
  return readSource(file, { stdin: false, code: 'items_unreadable' });
}

// The families of a sidecar, checked against the number of items (exit 2 on a mismatch).
function metaFamilies(meta: string | Uint8Array, nItems: number, where: string): string[] {
  const families = readMeta(meta, where);
  if (families.length !== nItems) {
    throw new RpeError(
      'meta_mismatch',
      `${where} has ${families.length} lines but its set has ${nItems} items`,
    );
  }
  return families;
}

function keep(
  outDir: string,
  folder: string,
  items: string | Uint8Array,
  meta: string | Uint8Array | null,
) {
  writeFileAtomic(join(outDir, folder, 'items.jsonl'), items);
  if (meta !== null) writeFileAtomic(join(outDir, folder, 'meta.jsonl'), meta);
}

/**
 * Materialises every set of a trial into the trial folder, the way Test B would: a framework
 * generator in-process or a Python one made by `rpe init` through python3 (both with the meta
 * sidecar), another submission's entrypoint as a local process, or files already made. Every set
 * must pass the official format (RpeError exit 1 otherwise).
 */
export async function makeSeedSets(options: MakeSeedSetsOptions): Promise<MadeSets> {
  const { source, seeds, outDir } = options;
  if (source.kind === 'files') return copySets(source.files, seeds, outDir, options.onStart);
  if (!seeds || seeds.length === 0) throw new RpeError('usage', 'no seeds given (--seeds 0,1,2)');

  if (source.kind === 'framework') {
    const { generator } = await loadGenerator(source.path);
    const sets = seeds.map((seed, index): SeedSet => {
      const { label, folder } = setNames(seed, index);
      options.onStart?.(label);
      const result = writeGeneration(generator, {
        seed,
        out: join(outDir, folder, 'items.jsonl'),
        meta: join(outDir, folder, 'meta.jsonl'),
      });
      const items = officialItems(result.jsonl, `${source.path} seed ${seed}`);
      const families = result.records.map((r) => r.family);
      return { label, seed, folder, items, families, sha256: sha256(result.jsonl) };
    });
    return { name: generator.name, sets };
  }

  if (source.kind === 'python') return pythonSets(source.path, seeds, outDir, options.onStart);

  const dir = resolve(source.path);
  const outputs = await runSubmissionSeeds(dir, seeds, (seed) => options.onStart?.(`seed ${seed}`));
  const sets = outputs.map((output, index): SeedSet => {
    const seed = seeds[index] ?? 0;
    const { label, folder } = setNames(seed, index);
    const items = officialItems(
      output.bytes,
      `${source.path}: ${output.entrypoint} --seed ${seed}`,
    );
    keep(outDir, folder, output.bytes, null);
    return { label, seed, folder, items, families: null, sha256: sha256(output.bytes) };
  });
  return { name: basename(dir), sets };
}

// A Python generator made by `rpe init --lang py`, one seed after the other, as `rpe generate
// --meta` runs it: the items are the bytes `python3 generate.py --seed N --out FILE` writes.
async function pythonSets(
  path: string,
  seeds: readonly number[],
  outDir: string,
  onStart?: (label: string) => void,
): Promise<MadeSets> {
  const dir = resolve(path);
  const sets: SeedSet[] = [];
  let name: string | null = null;
  for (const [index, seed] of seeds.entries()) {
    const { label, folder } = setNames(seed, index);
    onStart?.(label);
    const run = await runPythonGenerator({
      dir,
      entry: 'generate.py',
      seed,
      meta: true,
      timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
      // What the generator prints is its own debugging output, not the trial's.
      onOutput: () => {},
    });
    const where = `${path}: generate.py --seed ${seed}`;
    const items = officialItems(run.items, where);
    const families =
      run.meta === null ? null : metaFamilies(run.meta, items.length, `${where} --meta`);
    keep(outDir, folder, run.items, run.meta);
    sets.push({ label, seed, folder, items, families, sha256: sha256(run.items) });
    name = run.result.generator;
  }
  return { name, sets };
}

function copySets(
  files: readonly string[],
  seeds: readonly number[] | null,
  outDir: string,
  onStart?: (label: string) => void,
): MadeSets {
  if (seeds && seeds.length !== files.length) {
    throw new RpeError(
      'usage',
      `--seeds names ${seeds.length} seed(s) for ${files.length} --sets file(s): give one seed per file, or none`,
    );
  }
  const sets = files.map((file, index): SeedSet => {
    const { label, folder } = setNames(seeds?.[index] ?? null, index, file);
    onStart?.(label);
    const bytes = readBytes(file);
    const items = officialItems(bytes, file);
    const metaFile = metaPathFor(file);
    const meta = existsSync(metaFile) ? readBytes(metaFile) : null;
    const families = meta ? metaFamilies(meta, items.length, metaFile) : null;
    keep(outDir, folder, bytes, meta);
    return { label, seed: seeds?.[index] ?? null, folder, items, families, sha256: sha256(bytes) };
  });
  return { name: null, sets };
}
