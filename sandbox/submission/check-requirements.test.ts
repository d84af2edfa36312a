import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/index.js';
import { checkPythonRequirements } from './check-python-requirements.js';
import { checkRequirements } from './check-requirements.js';
import { findPlaceholders } from './find-placeholders.js';
import { OFFLINE_INSTALL } from './install-source.js';
import { recogniseLicence } from './recognise-licence.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const scratch = temporaryFolder('rpe-requirements-');

const MIT = readFileSync(packagePath('templates', 'common', 'LICENSE'), 'utf8');
const PYTHON = { file: 'generate.py', kind: 'python' } as const;
const NODE = { file: 'generate.ts', kind: 'tsx' } as const;

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(scratch, 'rpe-requirements-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const COMPLETE = {
  'generate.py': 'print(1)\n',
  'README.md': '# gen\n',
  LICENSE: MIT,
  'requirements.txt': '# nothing\n',
  'data/words.tsv': 'kot\n',
  'data/LICENSE': 'CC0\n',
};

describe('checkRequirements', () => {
  it('passes a complete Python submission', async () => {
    expect(await checkRequirements({ dir: tree(COMPLETE), entrypoint: PYTHON })).toEqual([]);
  });

  it('names every missing file the task lists: README, LICENSE, data/LICENSE, requirements.txt', async () => {
    const issues = await checkRequirements({
      dir: tree({ 'generate.py': 'print(1)\n', 'data/words.tsv': 'kot\n' }),
      entrypoint: PYTHON,
    });
    expect(issues.map((i) => i.code)).toEqual(Array(4).fill('required_file_missing'));
    expect(issues.map((i) => i.message.split(' ')[0])).toEqual([
      'README.md',
      'LICENSE',
      'data/LICENSE',
      'requirements.txt',
    ]);
  });

  it('wants requirements.txt for Python only, and data/LICENSE only beside data/', async () => {
    const dir = tree({ 'generate.ts': '', 'README.md': '#\n', 'LICENSE.md': MIT });
    expect(await checkRequirements({ dir, entrypoint: NODE })).toEqual([]);
  });

  it('is license_not_osi for a licence that is not OSI-approved or not recognised', async () => {
    const nc = tree({ ...COMPLETE, LICENSE: 'Creative Commons Attribution-NonCommercial 4.0\n' });
    const [issue] = await checkRequirements({ dir: nc, entrypoint: PYTHON });
    expect(issue).toEqual({
      code: 'license_not_osi',
      message: expect.stringMatching(/^LICENSE is CC-BY-NC-4.0, which is not OSI-approved/),
    });
    const own = tree({ ...COMPLETE, LICENSE: 'All rights reserved.\n' });
    const [unknown] = await checkRequirements({ dir: own, entrypoint: PYTHON });
    expect(unknown?.message).toMatch(
      /not recognised as an OSI-approved licence; .*SPDX-License-Identifier/,
    );
  });

  it('lists the scaffold placeholders left, by file and line', async () => {
    const dir = tree({
      ...COMPLETE,
      'generate.py':
        '# PLACEHOLDER FAMILY: guidance, not a marker\nphenomenon="PLACEHOLDER: describe"\n',
      'PROVENANCE.md':
        'Fill in every field marked _to fill in_.\n- Team: _to fill in_\n### x (to be replaced)\n',
    });
    const issues = await checkRequirements({ dir, entrypoint: PYTHON });
    expect(issues).toEqual([
      {
        code: 'placeholder_left',
        message: expect.stringContaining(
          '3 placeholder(s) of the rpe init scaffold left (PROVENANCE.md lines 2, 3; generate.py line 2)',
        ),
      },
    ]);
  });
});

describe('recogniseLicence', () => {
  it.each([
    [MIT, 'MIT', true],
    [
      '                                 Apache License\n                           Version 2.0, January 2004',
      'Apache-2.0',
      true,
    ],
    [
      'Redistribution and use in source and binary forms ... Neither the name of',
      'BSD-3-Clause',
      true,
    ],
    ['Redistribution and use in source and binary forms, with or without', 'BSD-2-Clause', true],
    ['GNU GENERAL PUBLIC LICENSE\n Version 3, 29 June 2007', 'GPL-3.0', true],
    ['GNU LESSER GENERAL PUBLIC LICENSE\n Version 3', 'LGPL-3.0', true],
    ['This is free and unencumbered software released into the public domain.', 'Unlicense', true],
    [
      'Permission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted.',
      '0BSD',
      true,
    ],
    ['Creative Commons Legal Code\n\nCC0 1.0 Universal', 'CC0-1.0', false],
    ['// SPDX-License-Identifier: MPL-2.0', 'MPL-2.0', true],
    ['SPDX-License-Identifier: MIT OR Proprietary', 'MIT OR Proprietary', true],
    ['SPDX-License-Identifier: MIT AND Proprietary', 'MIT AND Proprietary', false],
    ['Copyright 2026. All rights reserved.', null, false],
  ])('%#: %s', (text, id, osi) => {
    expect(recogniseLicence(text)).toEqual({ id, osi });
  });
});

describe('checkPythonRequirements', () => {
  it('wants every line pinned with == and a wheel in vendor/ for the sandbox Python', async () => {
    const dir = tree({
      'requirements.txt': [
        '# a comment',
        'pyyaml',
        'regex>=2024.1',
        'Attrs==23.2.0   # pinned and vendored',
        'six==1.16.0 \\',
        '    --hash=sha256:abc',
        'numpy==2.0.0',
        'lxml==5.2.2',
        'tool==1.0',
        '--no-index',
        '-e ./local',
        'https://example.org/x.whl',
        '',
      ].join('\n'),
      'vendor/attrs-23.2.0-py3-none-any.whl': '',
      'vendor/six-1.16.0-py2.py3-none-any.whl': '',
      'vendor/numpy-2.0.0-cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64.whl': '',
      [`vendor/lxml-5.2.2-cp311-cp311-manylinux_2_28_${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}.whl`]:
        '',
      'vendor/tool-1.0.tar.gz': '',
    });
    const { unpinned, unvendored } = await checkPythonRequirements(dir);
    expect(unpinned.map((p) => [p.line, p.requirement])).toEqual([
      [2, 'pyyaml'],
      [3, 'regex>=2024.1'],
    ]);
    expect(unvendored.map((p) => [p.line, p.requirement])).toEqual([
      [7, 'numpy==2.0.0'],
      [9, 'tool==1.0'],
      [11, '-e ./local'],
      [12, 'https://example.org/x.whl'],
    ]);
    expect(unvendored[0]?.why).toMatch(
      /vendor\/ has only numpy-2\.0\.0-cp312-.*cannot install offline on Python 3\.11/,
    );
  });
});

describe('lock_needs_network', () => {
  it('lists every package npm ci --omit=dev would fetch: not dev, not a file: tarball in the repository', async () => {
    const lock = {
      lockfileVersion: 3,
      packages: {
        '': { name: 'x' },
        'node_modules/reverse-poleval': {
          version: '0.1.0',
          resolved: 'file:vendor/rp.tgz',
          dev: true,
        },
        'node_modules/tsx': { version: '4.0.0', dev: true },
        'node_modules/left-pad': {
          version: '1.3.0',
          resolved: 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz',
        },
        'node_modules/zod': { version: '4.0.0' },
        'node_modules/mine': { version: '1.0.0', resolved: 'file:vendor/mine-1.0.0.tgz' },
        'node_modules/gone': { version: '1.0.0', resolved: 'file:vendor/gone-1.0.0.tgz' },
      },
    };
    const dir = tree({
      'README.md': '#',
      LICENSE: MIT,
      'package-lock.json': JSON.stringify(lock),
      'vendor/mine-1.0.0.tgz': '',
    });
    const issues = await checkRequirements({ dir, entrypoint: NODE });
    expect(issues).toEqual([
      {
        code: 'lock_needs_network',
        message:
          'package-lock.json needs the network: left-pad@1.3.0 comes from https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz, not from the repository; zod@4.0.0 comes from a registry, not from the repository; gone resolves to vendor/gone-1.0.0.tgz, which the repository does not hold; vendor it (npm pack into vendor/, depend on file:vendor/<tarball>) and commit the lock again',
      },
    ]);
  });

  it('is the same fault the install step refuses: dependencies without a lock, an unreadable lock', async () => {
    const base = { 'README.md': '#', LICENSE: MIT };
    const codes = async (files: Record<string, string>) =>
      (await checkRequirements({ dir: tree({ ...base, ...files }), entrypoint: NODE })).map((i) => [
        i.code,
        i.message,
      ]);
    expect(await codes({ 'package.json': '{"dependencies": {"zod": "^4"}}' })).toEqual([
      [
        'lock_needs_network',
        expect.stringMatching(
          /^package.json declares dependencies \(zod\) but there is no package-lock.json/,
        ),
      ],
    ]);
    expect(await codes({ 'package.json': '{"type": "module"}' })).toEqual([]);
    expect(await codes({ 'package-lock.json': '{' })).toEqual([
      ['lock_needs_network', expect.stringMatching(/^package-lock.json is not valid JSON/)],
    ]);
  });

  it('with --install-network none, a registry package is lock_needs_network, also beside a generate.py (which then runs Node); with a network it is fetched', async () => {
    const dir = tree({
      'README.md': '#',
      LICENSE: MIT,
      'requirements.txt': '',
      'package-lock.json': JSON.stringify({
        lockfileVersion: 3,
        packages: { 'node_modules/a': { version: '1' } },
      }),
    });
    for (const entrypoint of [NODE, PYTHON]) {
      const offline = await checkRequirements({ dir, entrypoint, source: OFFLINE_INSTALL });
      expect(offline.map((i) => i.code)).toEqual(['lock_needs_network']);
      expect(await checkRequirements({ dir, entrypoint })).toEqual([]);
    }
  });
});

describe('findPlaceholders', () => {
  it('skips data/, vendor/ and node_modules/, where the team writes nothing', async () => {
    const dir = tree({
      'data/notes.md': 'PLACEHOLDER: x',
      'vendor/a/README.md': 'PLACEHOLDER: x',
      'node_modules/b/index.js': 'PLACEHOLDER: x',
      'src/gen.ts': "const input = '[PRZYKŁAD DO ZASTĄPIENIA] x';",
    });
    expect(await findPlaceholders(dir)).toEqual([
      { file: 'src/gen.ts', line: 1, text: "const input = '[PRZYKŁAD DO ZASTĄPIENIA] x';" },
    ]);
  });
});
