import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The Python of the runner image (Debian bookworm) and the machine's architecture. */
export const SANDBOX_PYTHON = { major: 3, minor: 11, glibc: 36 } as const;

export interface RequirementProblem {
  line: number;
  requirement: string;
  why: string;
  /** For an unpinned requirement: whether vendor/ has a wheel of that name (any version). */
  inVendor?: boolean;
}

export interface PythonRequirementsCheck {
  unpinned: RequirementProblem[];
  unvendored: RequirementProblem[];
}

// Option lines that change nothing about what is installed offline from vendor/.
const HARMLESS_OPTIONS =
  /^(--no-index|--find-links|-f|--prefer-binary|--only-binary|--require-hashes|--index-url|-i|--extra-index-url|--no-binary|--pre|--trusted-host)\b/;
const REQUIREMENT = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;]*?)\s*(;.*)?$/;

// PEP 503: names compare lower-cased with runs of -, _ and . as one separator.
function canonical(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

function machineArch(): string {
  return process.arch === 'arm64' ? 'aarch64' : process.arch === 'x64' ? 'x86_64' : process.arch;
}

// Whether one tag triple of a wheel installs on the sandbox's CPython 3.11 on glibc Linux.
function compatible(python: string, abi: string, platform: string): boolean {
  const { major, minor, glibc } = SANDBOX_PYTHON;
  const py = python.split('.').some((tag) => {
    const m = /^(py|cp)(\d)(\d*)$/.exec(tag);
    if (!m || Number(m[2]) !== major) return false;
    if (m[3] === '') return m[1] === 'py';
    return m[1] === 'cp' && abi !== 'abi3' && abi !== 'none'
      ? Number(m[3]) === minor
      : Number(m[3]) <= minor;
  });
  const ab = abi
    .split('.')
    .some((tag) => tag === 'none' || tag === 'abi3' || tag === `cp${major}${minor}`);
  const arch = machineArch();
  const plat = platform.split('.').some((tag) => {
    if (tag === 'any' || tag === `linux_${arch}`) return true;
    const many = /^manylinux(?:_2_(\d+)|(1|2010|2014))_(.+)$/.exec(tag);
    if (!many || many[3] !== arch) return false;
    const needs = many[1]
      ? Number(many[1])
      : ({ '1': 5, '2010': 12, '2014': 17 }[many[2] ?? ''] ?? 99);
    return needs <= glibc;
  });
  return py && ab && plat;
}

interface Vendored {
  file: string;
  name: string;
  version: string;
  installable: boolean;
}

// What vendor/ offers pip's --find-links: wheels (with their tags) and source archives.
async function readVendor(dir: string): Promise<Vendored[]> {
  const names = await readdir(join(dir, 'vendor')).catch(() => [] as string[]);
  return names.flatMap((file): Vendored[] => {
    const wheel = /^([^-]+)-([^-]+)(?:-\d[^-]*)?-([^-]+)-([^-]+)-([^-]+)\.whl$/.exec(file);
    if (wheel) {
      const [, name = '', version = '', py = '', abi = '', plat = ''] = wheel;
      return [{ file, name: canonical(name), version, installable: compatible(py, abi, plat) }];
    }
    const sdist = /^(.+)-([0-9][^-]*)\.(tar\.gz|zip)$/.exec(file);
    if (sdist)
      return [
        { file, name: canonical(sdist[1] ?? ''), version: sdist[2] ?? '', installable: false },
      ];
    return [];
  });
}

// Logical lines of a requirements file: comments dropped, `\` continuations joined.
function logicalLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let pending: { line: number; text: string } | null = null;
  text.split(/\r?\n/).forEach((raw, i) => {
    const stripped = raw.replace(/(^|\s)#.*$/, '');
    const continued = /\\\s*$/.test(stripped);
    const piece = stripped.replace(/\\\s*$/, '');
    pending = pending
      ? { line: pending.line, text: `${pending.text} ${piece}` }
      : { line: i + 1, text: piece };
    if (!continued) {
      if (pending.text.trim() !== '') out.push({ line: pending.line, text: pending.text.trim() });
      pending = null;
    }
  });
  return out;
}

/**
 * Reads requirements.txt as the sandbox's install step will use it (`pip install --no-index
 * --find-links vendor -r requirements.txt`, before the network is cut): every requirement must be
 * pinned with `==` and have a wheel in vendor/ for the sandbox's Python. What the wheels depend on
 * in turn is only seen by the install step itself.
 */
export async function checkPythonRequirements(dir: string): Promise<PythonRequirementsCheck> {
  const text = await readFile(join(dir, 'requirements.txt'), 'utf8').catch(() => '');
  const vendored = await readVendor(dir);
  const unpinned: RequirementProblem[] = [];
  const unvendored: RequirementProblem[] = [];
  for (const { line, text: entry } of logicalLines(text)) {
    const spec = entry.replace(/\s--hash[= ]\S+/g, '').trim();
    if (HARMLESS_OPTIONS.test(spec)) continue;
    if (/^(-r|-c|--requirement|--constraint)\b/.test(spec)) {
      unpinned.push({
        line,
        requirement: spec,
        why: 'nested requirement files are not checked; list the pins here',
      });
      continue;
    }
    if (/^(-e|--editable)\b/.test(spec) || /:\/\//.test(spec)) {
      unvendored.push({ line, requirement: spec, why: 'needs the network or a source checkout' });
      continue;
    }
    if (/\.whl$/.test(spec)) {
      const file = spec.replace(/^.*\//, '');
      if (!vendored.some((v) => v.file === file && v.installable))
        unvendored.push({
          line,
          requirement: spec,
          why: 'no installable wheel of that name in vendor/',
        });
      continue;
    }
    const match = REQUIREMENT.exec(spec);
    const pin = /^===?\s*([^\s,*]+)$/.exec(match?.[3] ?? '');
    if (!match?.[1] || !pin?.[1]) {
      const name = match?.[1] ? canonical(match[1]) : null;
      const inVendor = vendored.some((v) => v.name === name && v.installable);
      unpinned.push({ line, requirement: spec, why: 'not pinned with ==', inVendor });
      continue;
    }
    const name = canonical(match[1]);
    const candidates = vendored.filter((v) => v.name === name && v.version === pin[1]);
    if (candidates.some((v) => v.installable)) continue;
    const why =
      candidates.length > 0
        ? `vendor/ has only ${candidates.map((v) => v.file).join(', ')}, which pip cannot install offline on Python ${SANDBOX_PYTHON.major}.${SANDBOX_PYTHON.minor} ${machineArch()} Linux`
        : 'no wheel in vendor/';
    unvendored.push({ line, requirement: spec, why });
  }
  return { unpinned, unvendored };
}
