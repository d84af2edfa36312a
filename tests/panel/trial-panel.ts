// A fake panel for `rpe trial` tests: models with known behaviour on a framework generator's items,
// served by the loopback OpenAI-compatible server.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, loadGenerator, type Item } from '../../framework/index.js';
import {
  startFakeChatServer,
  type FakeChatServer,
  type ReceivedRequest,
} from './fake-chat-server.js';

export interface KnownItem extends Item {
  family: string;
}

/** What each fake model answers, from the item it is asked. */
export const FAKE_MODELS: Record<string, (item: KnownItem) => string> = {
  // Always the gold.
  'lab/oracle': (item) => item.gold,
  // The gold except on about one item in 25: a near twin of the oracle, under the 5 % saturation.
  'lab/oracle-twin': (item) => (hashByte(item.input, 1) % 25 === 0 ? 'nie wiem' : item.gold),
  // Right only on the family of negated objects.
  'lab/negation-only': (item) => (item.family === 'negated-accusative' ? item.gold : 'nie wiem'),
  // The first quoted word: the lemma the input gives (right where the gold keeps that form).
  'lab/quote-copy': (item) => quoted(item.input),
  // Right on about half the items, by a hash of the input.
  'lab/hash-half': (item) => (hashByte(item.input, 0) % 2 === 0 ? item.gold : 'nie wiem'),
};

export function hashByte(text: string, index: number): number {
  return createHash('sha256').update(text).digest()[index] ?? 0;
}

export function quoted(input: string): string {
  return /„([^”]*)”/.exec(input)?.[1] ?? '';
}

/** Every item the generator makes at these seeds, by input, with its family. */
export async function knownItems(generatorPath: string, seeds: readonly number[]) {
  const { generator } = await loadGenerator(generatorPath);
  const byInput = new Map<string, KnownItem>();
  const bySeed = new Map<number, KnownItem[]>();
  for (const seed of seeds) {
    const result = generate(generator, { seed });
    const items = result.records.map((r) => ({ ...r.item, family: r.family }));
    for (const item of items) byInput.set(item.input, item);
    bySeed.set(seed, items);
  }
  return { byInput, bySeed };
}

/** The loopback server answering as FAKE_MODELS would; an unknown input gets an empty answer. */
export function startFakePanel(byInput: ReadonlyMap<string, KnownItem>): Promise<FakeChatServer> {
  return startFakeChatServer((request: ReceivedRequest) => {
    const input = request.body.messages.find((m) => m.role === 'user')?.content ?? '';
    const item = byInput.get(input);
    const answer = FAKE_MODELS[request.body.model];
    return { content: item && answer ? answer(item) : '' };
  });
}

/** A trial ready to run: the models file written, the fake panel listening. */
export interface PreparedTrial {
  server: FakeChatServer;
  bySeed: Map<number, KnownItem[]>;
  /** `rpe trial` arguments for the example generator at `seeds`, into `<dir>/out`. */
  args: string[];
  models: string[];
}

// Writes `<dir>/models.txt`, starts the fake panel, and gives the `rpe trial` arguments.
export async function prepareTrial(
  dir: string,
  generatorPath: string,
  seeds: readonly number[],
): Promise<PreparedTrial> {
  const models = Object.keys(FAKE_MODELS);
  writeFileSync(join(dir, 'models.txt'), `# the fake panel\n${models.join('\n')}\n`);
  const known = await knownItems(generatorPath, seeds);
  const server = await startFakePanel(known.byInput);
  const args = [
    'trial',
    generatorPath,
    '--seeds',
    seeds.join(','),
    '--models-file',
    join(dir, 'models.txt'),
    '--out',
    join(dir, 'out'),
    '--base-url',
    server.baseUrl,
  ];
  return { server, bySeed: known.bySeed, args, models };
}
