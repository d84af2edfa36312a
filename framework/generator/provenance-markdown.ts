import { allocateQuotas } from './allocate-quotas.js';

/** What a provenance declaration needs of a generator: a TypeScript one or a Python one's --describe. */
export interface GeneratorDeclaration {
  name: string;
  count: number;
  families: readonly { id: string; phenomenon: string; contrast: string; weight: number }[];
}

const FILL = '_to fill in_';

export interface ProvenanceOptions {
  /** The data hash declared in the README (`sha256:...`), when known. */
  dataHash?: string | null;
}

/**
 * The provenance declaration the task asks for, as Markdown: per family (item cluster) the
 * phenomenon and the Polish contrast or controlled perturbation from the declaration, and fields
 * the team fills in by hand: authorship, tools used, sources.
 */
export function provenanceMarkdown(
  generator: GeneratorDeclaration,
  options: ProvenanceOptions = {},
): string {
  const quotas = allocateQuotas(
    generator.count,
    generator.families.map((f) => f.weight),
  );
  const lines = [
    `# Provenance declaration: ${generator.name}`,
    '',
    `Track 2 generator \`${generator.name}\`: ${generator.count} items per seed in ` +
      `${generator.families.length} item cluster(s) (families), listed below.`,
    '',
    '## Authorship',
    '',
    `- Team and authors: ${FILL}`,
    `- Who designed the phenomena, contrasts, templates and rules: ${FILL}`,
    `- Who wrote the word lists and sentence frames: ${FILL}`,
    '',
    '## Tools used',
    '',
    'Generative language models must not create or propose item text, questions, gold answers,',
    'diagnostic contrasts, or the generator’s rules, templates or linguistic data. Declare every tool',
    'used for clerical transformations only, and what it did.',
    '',
    `- Tools and their use: ${FILL}`,
    '',
    '## Sources',
    '',
    `- Morphology: the snapshot in data/ (see data/SOURCES.md and data/LICENSE); data hash ` +
      `${options.dataHash ? `\`${options.dataHash}\`` : FILL}`,
    `- Other raw material (unlabelled text, word lists) and its licence: ${FILL}`,
    `- Confirmation that no item comes from a public evaluation set: ${FILL}`,
    '',
    '## Item clusters',
  ];
  generator.families.forEach((f, i) => {
    lines.push(
      '',
      `### ${f.id}`,
      '',
      `- Phenomenon: ${f.phenomenon}`,
      `- Polish contrast or controlled perturbation: ${f.contrast}`,
      `- Items per seed: ${quotas[i] ?? 0} of ${generator.count} (weight ${f.weight})`,
      `- Why the gold needs Polish (what a literal translation loses): ${FILL}`,
    );
  });
  return `${lines.join('\n')}\n`;
}
