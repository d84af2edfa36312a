import { existsSync } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { README_NAMES } from '../../framework/index.js';
import type { Entrypoint } from '../run/executor.js';
import { checkNpmLock } from './check-npm-lock.js';
import { checkPythonRequirements, type RequirementProblem } from './check-python-requirements.js';
import { DEFAULT_INSTALL, type InstallSource } from './install-source.js';
import { findPlaceholders } from './find-placeholders.js';
import { recogniseLicence } from './recognise-licence.js';

/** The submission requirements of the task that a check can see, as reason codes. */
export type RequirementCode =
  | 'required_file_missing'
  | 'license_not_osi'
  | 'placeholder_left'
  | 'requirements_unpinned'
  | 'requirements_unvendored'
  | 'lock_needs_network';

export interface RequirementIssue {
  code: RequirementCode;
  message: string;
}

const LICENSE = /^(licen[cs]e|copying)(\.(md|txt|rst))?$/i;
const SHOWN = 5;

async function kind(path: string): Promise<'file' | 'dir' | 'other' | 'missing'> {
  try {
    const stats = await lstat(path);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'dir' : 'other';
  } catch {
    return 'missing';
  }
}

async function findFile(dir: string, pattern: RegExp): Promise<string | null> {
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  for (const name of names) {
    if (pattern.test(name) && (await kind(join(dir, name))) === 'file') return name;
  }
  return null;
}

function list<T>(items: T[], show: (item: T) => string): string {
  const shown = items.slice(0, SHOWN).map(show).join('; ');
  return items.length > SHOWN ? `${shown}; and ${items.length - SHOWN} more` : shown;
}

const problem = (p: RequirementProblem) => `line ${p.line}: ${p.requirement} (${p.why})`;

/**
 * The submission requirements a team must meet for review, checked on the tree that is checked:
 * the files the task lists (README, an OSI-approved LICENSE, data/LICENSE beside data/,
 * requirements.txt for Python), no scaffold placeholders left, and dependencies pinned so the
 * install step can install them: from the tree only under `--install-network none`, from the
 * tree or the index otherwise (whether they install is the install step's to say). Each failure
 * is an issue of class `incomplete`; none stops the runs.
 */
export async function checkRequirements(options: {
  dir: string;
  entrypoint: Entrypoint | null;
  /** Where the install step may fetch what the tree does not hold (default: the network). */
  source?: InstallSource;
}): Promise<RequirementIssue[]> {
  const { dir, entrypoint } = options;
  const offline = (options.source ?? DEFAULT_INSTALL).network === 'none';
  const issues: RequirementIssue[] = [];
  const missing = (file: string, why: string) =>
    issues.push({ code: 'required_file_missing', message: `${file} is missing: ${why}` });
  const readme = await findFile(
    dir,
    new RegExp(`^(${README_NAMES.map((n) => n.replace('.', '\\.')).join('|')})$`),
  );
  if (!readme)
    missing('README.md', 'the task wants the data hash and how to run the generator there');
  const license = await findFile(dir, LICENSE);
  if (!license)
    missing('LICENSE', 'the task wants an OSI-approved licence so organisers can rerun the code');
  else {
    const found = recogniseLicence(await readFile(join(dir, license), 'utf8'));
    if (!found.osi) {
      issues.push({
        code: 'license_not_osi',
        message: found.id
          ? `${license} is ${found.id}, which is not OSI-approved; the task wants an OSI-approved licence`
          : `${license} is not recognised as an OSI-approved licence; if it is one, add the line "SPDX-License-Identifier: <id>"`,
      });
    }
  }
  if ((await kind(join(dir, 'data'))) === 'dir' && !(await findFile(join(dir, 'data'), LICENSE))) {
    missing('data/LICENSE', 'the task wants the data to be redistributable with the repository');
  }
  if (entrypoint?.kind === 'python') {
    if ((await kind(join(dir, 'requirements.txt'))) !== 'file') {
      missing(
        'requirements.txt',
        'the task lists it for a Python generator (a comment line is enough when nothing is needed)',
      );
    } else {
      const { unpinned, unvendored } = await checkPythonRequirements(dir);
      if (unpinned.length > 0)
        issues.push({
          code: 'requirements_unpinned',
          message: `requirements.txt ${list(unpinned, problem)}`,
        });
      if (unvendored.length > 0 && offline)
        issues.push({
          code: 'requirements_unvendored',
          message: `requirements.txt ${list(unvendored, problem)}`,
        });
    }
  }
  // A generate.py beside a package-lock.json runs Node with what the lock installs.
  if (entrypoint && (entrypoint.kind !== 'python' || existsSync(join(dir, 'package-lock.json')))) {
    const lock = checkNpmLock(dir);
    if (lock.kind === 'not_offline' && (offline || !lock.fetchable))
      issues.push({ code: 'lock_needs_network', message: lock.message });
  }
  const placeholders = await findPlaceholders(dir);
  if (placeholders.length > 0) {
    const byFile = new Map<string, number[]>();
    for (const p of placeholders) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p.line]);
    const where = [...byFile].map(
      ([file, lines]) => `${file} line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`,
    );
    issues.push({
      code: 'placeholder_left',
      message: `${placeholders.length} placeholder(s) of the rpe init scaffold left (${where.join('; ')}), e.g. ${placeholders[0]?.file}:${placeholders[0]?.line} "${placeholders[0]?.text.slice(0, 80)}"`,
    });
  }
  return issues;
}
