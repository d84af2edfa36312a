// `npm run bench -- rules`: the official checks at the largest sizes the task allows.
import seedrandom from 'seedrandom';
import { overlap, score, validateItems } from '../../framework/rules/index.js';
import { measure, report } from './measure.js';

// 200 items of realistic size: multi-line inputs of ~400 characters, Polish letters, some aliases.
function itemsFile(): Uint8Array {
  const lines: string[] = [];
  for (let i = 0; i < 200; i++) {
    const input = `Zdanie ${i}: „Zażółć gęślą jaźń, ${'wyraz '.repeat(60)}”.\nPodaj formę nr ${i}.`;
    const item =
      i % 3 === 0
        ? { input, gold: `forma${i}`, aliases: [`Forma${i}`, `forma ${i}`] }
        : { input, gold: `forma${i}` };
    lines.push(JSON.stringify(item));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function matrix(items: number, models: number) {
  const random = seedrandom('bench-rules');
  return {
    models: Array.from({ length: models }, (_, i) => `model-${i}`),
    correct: Array.from({ length: items }, () =>
      Array.from({ length: models }, () => (random() < 0.5 ? 1 : 0) as 0 | 1),
    ),
  };
}

export async function run(): Promise<void> {
  const file = itemsFile();
  const check = validateItems(file);
  if (!check.format_ok) throw new Error(`bench fixture is invalid: ${check.errors[0]?.message}`);
  const v = await measure('validate 200 items', () => validateItems(file), { runs: 50 });
  report('validate 200 items (median)', v.medianMs, 'ms', { max: 50 });

  const m = matrix(200, 40);
  const s = await measure('score 200 items × 40 models', () => score(m), { runs: 50 });
  report('score 200 items × 40 models (median)', s.medianMs, 'ms', { max: 50 });

  const sets = [0, 1, 2].map((seed) => ({
    name: `seed${seed}`,
    inputs: Array.from({ length: 200 }, (_, i) => `Zdanie ${seed * 100 + i}: podaj formę.`),
  }));
  const o = await measure('overlap 3 seeds × 200 items', () => overlap(sets), { runs: 50 });
  report('overlap 3 seeds × 200 items (median)', o.medianMs, 'ms');
}
