import type { TopLevelSpec } from 'vega-lite';
import { TASK_LIMITS } from '../../framework/index.js';
import { plotCorrectnessHeatmap } from './plots/plot-correctness-heatmap.js';
import { plotDisagreement } from './plots/plot-disagreement.js';
import { plotFamilyDiscrimination } from './plots/plot-family-discrimination.js';
import { plotRobustness } from './plots/plot-robustness.js';
import { plotSetScores } from './plots/plot-set-scores.js';
import { renderVegaLite } from './plots/render-vega-lite.js';
import { trialTitle } from './render-trial-markdown.js';
import type { ScoredSet, TrialSummary } from './summarize-trial.js';
import { TRIAL_STYLE } from './trial-style.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const f3 = (x: number) => x.toFixed(3);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

interface Section {
  id: string;
  title: string;
  /** How to read the plot, for someone who has not read the task text. */
  read: string;
  specs: TopLevelSpec[];
}

function card(label: string, value: string, detail: string, tone = ''): string {
  return `<div class="card ${tone}"><div class="label">${escapeHtml(label)}</div><div class="value">${escapeHtml(value)}</div><div class="detail">${escapeHtml(detail)}</div></div>`;
}

function cards(summary: TrialSummary): string {
  const { mean, worst, overlap, robustness: r } = summary;
  const out: string[] = [];
  if (mean && worst) {
    out.push(
      card(
        'mean score',
        f3(mean.score),
        `over ${summary.scores.length} set(s): the Track 2 ranking figure`,
      ),
      card(
        'worst set',
        f3(worst.score),
        `${worst.label}: discrimination ${f3(worst.discrimination)} · diversity ${f3(worst.diversity)} · separation ${f3(worst.separation)}`,
        'warn',
      ),
    );
  }
  out.push(
    card(
      'seed overlap',
      overlap.pairs.length ? f3(overlap.max) : '–',
      overlap.ok
        ? `highest Jaccard; limit ${overlap.threshold}: ok`
        : `above ${overlap.threshold}: Test B disqualifies a static list`,
      overlap.ok ? '' : 'bad',
    ),
  );
  if (r?.leave_one_out) {
    out.push(
      card(
        'without one model',
        `${f3(r.leave_one_out.min)} – ${f3(r.leave_one_out.max)}`,
        r.most_harmful_removal
          ? `lowest without ${r.most_harmful_removal.model}`
          : "no model's removal lowers it",
      ),
    );
  }
  return `<div class="cards">${out.join('')}</div>`;
}

function setTable(summary: TrialSummary): string {
  if (!summary.mean || !summary.worst) return '';
  const row = (cells: string[], cls = '') =>
    `<tr class="${cls}">${cells.map((c, i) => (i === 0 ? `<th>${c}</th>` : `<td>${c}</td>`)).join('')}</tr>`;
  const { mean, worst } = summary;
  const rows = summary.scores.map((s) =>
    row(
      [
        escapeHtml(s.label),
        String(s.n_items),
        f3(s.discrimination),
        f3(s.diversity),
        f3(s.separation),
        `<b>${f3(s.score)}</b>`,
      ],
      s.label === worst.label ? 'worst' : '',
    ),
  );
  rows.push(
    row(
      [
        'mean',
        '',
        f3(mean.discrimination),
        f3(mean.diversity),
        f3(mean.separation),
        `<b>${f3(mean.score)}</b>`,
      ],
      'mean',
    ),
  );
  return `<table><thead><tr><th>set</th><th>items</th><th>discrimination</th><th>diversity</th><th>separation</th><th>score</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function sections(summary: TrialSummary, scored: readonly ScoredSet[]): Section[] {
  const t = `${100 * TASK_LIMITS.saturation} %`;
  const out: Section[] = [
    {
      id: 'scores',
      title: 'Score per set',
      read: `Each set is one seed, as Test B materialises three hidden ones. Score = discrimination × diversity × separation, each in [0, 1]. Dashed line: the mean over the sets, the figure Track 2 ranks by; orange: the worst set, which is published beside it${summary.worst ? ` (${summary.worst.label})` : ''}.`,
      specs: [plotSetScores(summary)],
    },
    {
      id: 'heatmap',
      title: 'Who answers what',
      read: 'One column per item, one row per model, items grouped by family and sorted by the share of the panel right. A column all blue (everyone right) or all pale (everyone wrong) adds nothing; a family whose columns all look alike repeats one cut and lowers the diversity.',
      specs: scored.map(plotCorrectnessHeatmap),
    },
  ];
  const family = plotFamilyDiscrimination(summary);
  if (family) {
    out.push({
      id: 'families',
      title: 'Families',
      read: 'Bars: all sets together; dots: one per set. Discrimination 4p(1−p) is highest when half the panel is right (p = 0.5, green line); a family near p = 0 or 1 splits nobody. A family whose share of the diversity is below its share of the items repeats the cuts of others or its own.',
      specs: [family],
    });
  }
  const pairs = plotDisagreement(summary);
  if (pairs) {
    out.push({
      id: 'pairs',
      title: 'Pairs of models',
      read: `Separation asks every pair of models to disagree on some items: a pair earns full credit from ${t} disagreement on (the red saturation line), less below it, and the harmonic mean lets one weak pair pull separation down. Red outline in the matrix: under ${t} in at least one set.`,
      specs: [pairs],
    });
  }
  const robust = plotRobustness(summary);
  const r = summary.robustness;
  if (robust && r) {
    out.push({
      id: 'robustness',
      title: 'Panel robustness',
      read: `${r.note} The mean score on every sub-panel without one model${r.leave_two_out ? ' and without two' : ''}; dashed line: the full panel (${f3(r.full.mean)}).`,
      specs: [robust],
    });
  }
  return out;
}

/**
 * report.html: one self-contained file (inline CSS and SVG, no script, no external resource), the
 * plots made with Vega-Lite and rendered to SVG here, so it opens anywhere without a network.
 */
export async function renderTrialHtml(report: {
  summary: TrialSummary;
  scored: readonly ScoredSet[];
}): Promise<string> {
  const { summary, scored } = report;
  const body: string[] = [];
  const title = `Test B rehearsal: ${trialTitle(summary)}`;
  const panel = summary.panel;
  body.push(`<header><h1>${escapeHtml(title)}</h1>`);
  if (panel) {
    body.push(
      `<p class="meta">${summary.sets.length} set(s) × ${panel.models.length} models · ${summary.sets.map((s) => `${escapeHtml(s.label)} (${s.n_items} items)`).join(', ')} · marked by the ${panel.evaluator.kind === 'custom' ? 'custom evaluator' : 'aliases evaluator'}</p>`,
    );
  }
  body.push('</header>', cards(summary), setTable(summary));
  for (const note of summary.notes) body.push(`<p class="note">${escapeHtml(note)}</p>`);
  for (const section of sections(summary, scored)) {
    const svgs = await Promise.all(section.specs.map(renderVegaLite));
    body.push(
      `<section id="${section.id}"><h2>${escapeHtml(section.title)}</h2><p class="read">${escapeHtml(section.read)}</p>`,
      ...svgs.map(
        (svg, i) => `<figure class="plot" data-plot="${section.id}-${i + 1}">${svg}</figure>`,
      ),
      '</section>',
    );
  }
  const single = summary.robustness?.single_model_items;
  if (single && single.count > 0) {
    const list = single.items
      .slice(0, 30)
      .map(
        (i) =>
          `<li>${escapeHtml(i.set)} item ${i.item}: ${escapeHtml(i.model)} alone ${i.alone}</li>`,
      )
      .join('');
    body.push(
      `<section id="single"><h2>Items split by one model alone (${single.count}, ${pct(single.share)})</h2><p class="read">Without that model the rest of the panel agrees on them; a panel without a model that behaves like it does not split them.</p><ul class="items">${list}</ul>${single.count > 30 ? `<p>… and ${single.count - 30} more in summary.json.</p>` : ''}</section>`,
    );
  }
  return reportPage(
    title,
    body,
    'Made by <code>rpe trial</code>. The figures are in summary.json and report.md beside this file.',
  );
}

// A self-contained report page in the trial's style: its sections, then a footer (HTML).
export function reportPage(title: string, body: readonly string[], footer: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${TRIAL_STYLE}</style>
</head>
<body>
<main>
${body.join('\n')}
<footer>${footer}</footer>
</main>
</body>
</html>
`;
}
