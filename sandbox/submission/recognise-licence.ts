/** A licence recognised in a LICENSE file, by its SPDX id. */
export interface RecognisedLicence {
  /** SPDX id (or expression) of the licence, or null when none was recognised. */
  id: string | null;
  /** Whether it is OSI-approved, so organisers may rerun the code. */
  osi: boolean;
}

interface Known {
  id: string;
  osi: boolean;
  /** Every phrase must occur in the normalised text (lower case, single spaces, straight quotes). */
  phrases: string[];
}

// The common licences, most specific first (BSD-3 before BSD-2, ISC before 0BSD): a text is the
// first entry whose phrases it holds.
const KNOWN: readonly Known[] = [
  { id: 'AGPL-3.0', osi: true, phrases: ['gnu affero general public license'] },
  { id: 'LGPL-3.0', osi: true, phrases: ['gnu lesser general public license', 'version 3'] },
  { id: 'LGPL-2.1', osi: true, phrases: ['gnu lesser general public license', 'version 2.1'] },
  { id: 'LGPL-2.0', osi: true, phrases: ['gnu library general public license'] },
  { id: 'GPL-3.0', osi: true, phrases: ['gnu general public license', 'version 3'] },
  { id: 'GPL-2.0', osi: true, phrases: ['gnu general public license', 'version 2'] },
  { id: 'Apache-2.0', osi: true, phrases: ['apache license', 'version 2.0'] },
  { id: 'MPL-2.0', osi: true, phrases: ['mozilla public license', '2.0'] },
  { id: 'EPL-2.0', osi: true, phrases: ['eclipse public license', '2.0'] },
  { id: 'EUPL-1.2', osi: true, phrases: ['european union public licence'] },
  { id: 'BSL-1.0', osi: true, phrases: ['boost software license'] },
  { id: 'Artistic-2.0', osi: true, phrases: ['the artistic license 2.0'] },
  { id: 'UPL-1.0', osi: true, phrases: ['universal permissive license'] },
  {
    id: 'MIT',
    osi: true,
    phrases: ['permission is hereby granted, free of charge, to any person obtaining a copy'],
  },
  {
    id: 'BSD-3-Clause',
    osi: true,
    phrases: ['redistribution and use in source and binary forms', 'neither the name'],
  },
  {
    id: 'BSD-3-Clause',
    osi: true,
    phrases: ['redistribution and use in source and binary forms', 'may be used to endorse'],
  },
  {
    id: 'BSD-2-Clause',
    osi: true,
    phrases: ['redistribution and use in source and binary forms'],
  },
  {
    id: 'ISC',
    osi: true,
    phrases: [
      'permission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted',
      'provided that the above copyright notice and this permission notice appear in all copies',
    ],
  },
  {
    id: '0BSD',
    osi: true,
    phrases: [
      'permission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted',
    ],
  },
  {
    id: 'Zlib',
    osi: true,
    phrases: [
      "this software is provided 'as-is'",
      'altered source versions must be plainly marked',
    ],
  },
  {
    id: 'Unlicense',
    osi: true,
    phrases: ['this is free and unencumbered software released into the public domain'],
  },
  { id: 'CC0-1.0', osi: false, phrases: ['cc0 1.0 universal'] },
  { id: 'CC0-1.0', osi: false, phrases: ['creative commons', 'cc0'] },
  { id: 'CC-BY-NC-4.0', osi: false, phrases: ['creative commons', 'noncommercial'] },
  { id: 'CC-BY-4.0', osi: false, phrases: ['creative commons', 'attribution 4.0'] },
];

/** SPDX ids this check knows to be OSI-approved: those above, and their -only/-or-later forms. */
const OSI_IDS = new Set([
  ...KNOWN.filter((k) => k.osi).flatMap((k) => [
    k.id,
    `${k.id}-only`,
    `${k.id}-or-later`,
    `${k.id}+`,
  ]),
  ...['BSD-2-Clause-Patent', 'Python-2.0', 'PSF-2.0', 'MIT-0', 'Apache-1.1', 'MPL-1.1'],
  ...['EPL-1.0', 'EUPL-1.1', 'NCSA', 'PostgreSQL'],
]);

function normalise(text: string): string {
  return text.toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ');
}

// An SPDX expression: OR needs one OSI licence, AND (or a single id) needs all of them.
function spdxExpression(expression: string): RecognisedLicence {
  const ids = expression
    .replace(/[()]/g, ' ')
    .split(/\s+(?:OR|AND|WITH)\s+|\s+/)
    .filter((id) => id !== '' && !/^(OR|AND|WITH)$/.test(id));
  const approved = ids.map((id) => OSI_IDS.has(id));
  const osi = /\sOR\s/.test(expression) ? approved.some(Boolean) : approved.every(Boolean);
  return { id: expression, osi: ids.length > 0 && osi };
}

/**
 * Recognises the licence of a LICENSE file: an `SPDX-License-Identifier:` line if there is one,
 * else the characteristic sentences of the common licences. The task wants an OSI-approved
 * licence so organisers can rerun the code; an unrecognised text is not assumed to be one.
 */
export function recogniseLicence(text: string): RecognisedLicence {
  const spdx = /SPDX-License-Identifier:\s*(.+?)\s*(?:\*\/)?$/m.exec(text);
  if (spdx?.[1]) return spdxExpression(spdx[1]);
  const normalised = normalise(text);
  const found = KNOWN.find((k) => k.phrases.every((p) => normalised.includes(p)));
  return found ? { id: found.id, osi: found.osi } : { id: null, osi: false };
}
