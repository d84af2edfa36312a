import { TASK_LIMITS } from '../../framework/index.js';
import type { TrialSummary } from './summarize-trial.js';

const f4 = (x: number) => x.toFixed(4);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(4)}`;

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
  ];
}

/** The trial's title: the generator's name, else the folder or the first file. */
export function trialTitle(summary: TrialSummary): string {
  return summary.generator.name ?? summary.generator.path ?? summary.sets[0]?.label ?? 'sets';
}

// report.md: the same figures as summary.json and report.html, as tables.
export function renderTrialMarkdown(summary: TrialSummary): string {
  const out: string[] = [`# Test B rehearsal: ${trialTitle(summary)}`, ''];
  if (summary.panel) {
    out.push(
      `Panel: ${summary.panel.models.length} models (${summary.panel.models.join(', ')}), asked at ${summary.panel.endpoint}; marked by the ${summary.panel.evaluator.kind === 'custom' ? `custom evaluator ${summary.panel.evaluator.path}` : 'aliases evaluator (gold or an alias after normalisation)'}.`,
      '',
    );
  }
  for (const note of summary.notes) out.push(`- ${note}`);
  if (summary.notes.length) out.push('');

  if (summary.mean && summary.worst) {
    const { mean, worst } = summary;
    out.push('## Score per set', '');
    out.push(
      ...table(
        ['set', 'items', 'discrimination', 'diversity', 'separation', 'score'],
        [
          ...summary.scores.map((s) => [
            s.label,
            String(s.n_items),
            f4(s.discrimination),
            f4(s.diversity),
            f4(s.separation),
            f4(s.score),
          ]),
          [
            '**mean**',
            '',
            f4(mean.discrimination),
            f4(mean.diversity),
            f4(mean.separation),
            `**${f4(mean.score)}**`,
          ],
          [
            `**worst: ${worst.label}**`,
            '',
            f4(worst.discrimination),
            f4(worst.diversity),
            f4(worst.separation),
            `**${f4(worst.score)}**`,
          ],
        ],
      ),
      '',
      'Track 2 ranks by the mean score over the seeds and publishes the worst seed. The mean row averages each component over the sets; its score is the mean of the scores, not the product of the mean components.',
      '',
    );
  }

  out.push('## Seed overlap', '');
  if (summary.overlap.pairs.length === 0) out.push('One set: no pair to compare.', '');
  else {
    out.push(
      ...table(
        ['a', 'b', 'Jaccard'],
        summary.overlap.pairs.map((p) => [p.a, p.b, f4(p.jaccard)]),
      ),
      '',
      `Highest: ${f4(summary.overlap.max)} (limit ${summary.overlap.threshold}): ${summary.overlap.ok ? 'ok' : '**above the limit: Test B treats the generator as a static list and disqualifies it from Track 2**'}.`,
      '',
    );
  }

  if (summary.families) {
    out.push('## Families (all sets)', '');
    out.push(
      ...table(
        [
          'family',
          'items',
          'mean p',
          'mean discrimination',
          'distinct bitvectors',
          'share of items',
          'share of diversity',
        ],
        summary.families.map((f) => [
          f.family,
          String(f.n_items),
          f4(f.mean_p),
          f4(f.mean_discrimination),
          String(f.distinct_bitvectors),
          pct(f.item_share),
          pct(f.diversity_share),
        ]),
      ),
      '',
      "Share of diversity: the family's part of the Simpson diversity, i.e. of the pairs of items whose bitvectors differ (a pair across two families counts half to each), averaged over the sets. Below its share of items, a family repeats cuts.",
      '',
    );
  }

  if (summary.pairs.length > 0) {
    const t = TASK_LIMITS.saturation;
    out.push('## Model pairs', '');
    out.push(
      ...table(
        ['a', 'b', 'disagreement (mean)', 'per set', `below ${pct(t)}`],
        [...summary.pairs]
          .sort((x, y) => x.disagreement - y.disagreement)
          .map((p) => [
            p.a,
            p.b,
            pct(p.disagreement),
            p.per_set.map(pct).join(', '),
            p.per_set.some((r) => r < t) ? '**yes**: partial credit' : '',
          ]),
      ),
      '',
      `A pair earns full separation credit once it disagrees on ${pct(t)} of the items; below that the credit falls, and the harmonic mean lets one weak pair pull separation down.`,
      '',
    );
  }

  const r = summary.robustness;
  if (r) {
    out.push('## Panel robustness', '', `> ${r.note}`, '');
    const rows = [['full panel', '1', f4(r.full.mean), f4(r.full.mean), f4(r.full.mean)]];
    for (const [name, range] of [
      ['leave one model out', r.leave_one_out],
      ['leave two models out', r.leave_two_out],
    ] as const) {
      if (range)
        rows.push([name, String(range.count), f4(range.min), f4(range.median), f4(range.max)]);
    }
    out.push(...table(['panel', 'sub-panels', 'min', 'median', 'max'], rows), '');
    out.push('Mean score over the sets of every sub-panel.', '');
    if (!r.leave_two_out) out.push('Leave-two-out needs at least 5 models.', '');
    if (r.leave_one_out) {
      out.push(
        ...table(
          ['without', 'mean score', 'change'],
          r.leave_one_out.subpanels.map((s) => [
            s.removed.join(', '),
            f4(s.mean),
            signed(s.mean - r.full.mean),
          ]),
        ),
        '',
      );
    }
    const h = r.most_harmful_removal;
    if (r.leave_one_out) {
      out.push(
        h
          ? `Removing **${h.model}** hurts most: mean score ${f4(h.mean)} (${signed(-h.drop)}).`
          : "No model's removal lowers the mean score.",
        '',
      );
    }
    const s = r.single_model_items;
    out.push(
      `Items whose discrimination comes from a single model (it alone is right, or alone wrong): **${s.count}** (${pct(s.share)} of all items).`,
      '',
    );
    if (s.count > 0) {
      out.push(
        ...table(
          ['model', 'alone right', 'alone wrong'],
          s.by_model.map((m) => [m.model, String(m.alone_right), String(m.alone_wrong)]),
        ),
        '',
      );
    }
  }

  out.push('## Files', '');
  for (const set of summary.sets) {
    out.push(
      `- ${set.label}: \`${set.items}\`${set.meta ? `, \`${set.meta}\`` : ''} (${set.n_items} items, ${set.sha256})`,
    );
  }
  return `${out.join('\n')}\n`;
}
