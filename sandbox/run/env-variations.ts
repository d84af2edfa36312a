import { posix } from 'node:path';
import type { EnvVariation } from './executor.js';

/**
 * How far the second run's clock is moved: 398 days and 7 hours, as reprotest moves it. Another
 * year, month, day of the month, weekday and hour, so a generator that mixes any of them into
 * its choices gives other bytes, as it would when the organisers run it on another day.
 */
export const CLOCK_SHIFT_SECONDS = (398 * 24 + 7) * 3600;

/** The group and user id of the second run: the first's is the sandbox's RUN_UID (10002). */
const SECOND_UID = 10003;

/**
 * The two environments every seed runs in. Each field differs, so any dependence on something
 * other than the seed shows up as different bytes. TZ values are POSIX strings so they work in a
 * minimal image without tzdata.
 */
export const ENV_VARIATIONS: readonly [EnvVariation, EnvVariation] = [
  {
    name: 'a',
    pythonHashSeed: '0',
    tz: 'UTC0',
    lang: 'C.UTF-8',
    home: '/tmp/home-a',
    hostname: 'rpe-a',
    submissionPath: '/submission',
    reverseEntries: false,
    pidShift: 0,
    outputPath: 'a/items.jsonl',
    clockShiftSeconds: 0,
    umask: '0022',
    uid: 10002,
    cpus: 'all',
  },
  {
    name: 'b',
    pythonHashSeed: '2718281',
    tz: 'JST-9',
    lang: 'pl_PL.UTF-8',
    home: '/tmp/home-b',
    hostname: 'rpe-b',
    submissionPath: '/mnt/submission-b',
    reverseEntries: true,
    pidShift: 37,
    outputPath: 'run-b/seed-{seed}.jsonl',
    clockShiftSeconds: CLOCK_SHIFT_SECONDS,
    umask: '0002',
    uid: SECOND_UID,
    cpus: 'one',
  },
];

/** The fields of an EnvVariation that can be varied one at a time. */
export type VariationField = Exclude<keyof EnvVariation, 'name'>;

export const VARIATION_FIELDS: readonly VariationField[] = [
  'pythonHashSeed',
  'tz',
  'lang',
  'home',
  'hostname',
  'submissionPath',
  'reverseEntries',
  'pidShift',
  'outputPath',
  'clockShiftSeconds',
  'umask',
  'uid',
  'cpus',
];

/** How a report names each field: what a team should look for in its code. */
export const VARIATION_LABELS: Readonly<Record<VariationField, string>> = {
  pythonHashSeed: 'PYTHONHASHSEED',
  tz: 'TZ',
  lang: 'LANG/LC_ALL',
  home: 'HOME',
  hostname: 'the hostname',
  submissionPath: 'the submission path',
  reverseEntries: 'the order of directory entries',
  pidShift: 'the process id',
  outputPath: 'the output path',
  clockShiftSeconds: 'the clock',
  umask: 'the umask',
  uid: 'the user id',
  cpus: 'the CPUs it may use',
};

// The base variation with one field taken from the other: used to find which field matters.
export function withField(
  base: EnvVariation,
  other: EnvVariation,
  field: VariationField,
): EnvVariation {
  return { ...base, [field]: other[field], name: `${base.name}+${field}` };
}

// The environment variables a variation sets for the generator.
export function variationEnv(variation: EnvVariation, home: string): Record<string, string> {
  return {
    PYTHONHASHSEED: variation.pythonHashSeed,
    TZ: variation.tz,
    LANG: variation.lang,
    LC_ALL: variation.lang,
    HOME: home,
    HOSTNAME: variation.hostname,
  };
}

// The absolute path a run is told to write (`--out`): the variation's path under the output area.
export function outputFileOf(variation: EnvVariation, seed: number, outputRoot: string): string {
  return posix.join(outputRoot, variation.outputPath.replaceAll('{seed}', String(seed)));
}

// One line for a report: where runs start and where each variation is told to write.
export function runPlacesNote(outputRoot: string, variations = ENV_VARIATIONS): string {
  const outs = variations.map((v) =>
    posix.join(outputRoot, v.outputPath.replaceAll('{seed}', 'N')),
  );
  return `runs start in the submission root; --out is ${outs.join(', then ')}`;
}
