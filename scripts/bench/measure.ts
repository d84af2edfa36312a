import { performance } from 'node:perf_hooks';

export interface Timing {
  label: string;
  runs: number;
  medianMs: number;
  minMs: number;
}

// Times `fn` over `runs` runs after `warmup` runs and returns the median and the minimum.
export async function measure(
  label: string,
  fn: () => unknown,
  options: { runs?: number; warmup?: number } = {},
): Promise<Timing> {
  const runs = options.runs ?? 20;
  for (let i = 0; i < (options.warmup ?? 3); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { label, runs, medianMs: times[Math.floor(runs / 2)] ?? NaN, minMs: times[0] ?? NaN };
}

// Prints one figure with its target, marking whether the target is met.
export function report(
  label: string,
  value: number,
  unit: string,
  target?: { max?: number; min?: number },
): void {
  let verdict = '';
  if (target?.max !== undefined)
    verdict =
      value <= target.max
        ? `  ok (target ≤ ${target.max} ${unit})`
        : `  OVER target ≤ ${target.max} ${unit}`;
  if (target?.min !== undefined)
    verdict =
      value >= target.min
        ? `  ok (target ≥ ${target.min} ${unit})`
        : `  UNDER target ≥ ${target.min} ${unit}`;
  const shown = value >= 100 ? value.toFixed(0) : value.toFixed(2);
  process.stdout.write(`${label.padEnd(48)} ${shown.padStart(10)} ${unit}${verdict}\n`);
}
