import { describeRunner } from '../submission/runner-of.js';
import type { Report } from './report-schema.js';

// The few lines a terminal shows for a report: verdict, reasons, warnings (the first of each
// code), one line per seed, overlap, data hash and what was checked.
export function summarizeReport(report: Report): string[] {
  const lines = [`verdict\t${report.verdict}`];
  for (const r of report.reasons) lines.push(`reason\t${r.code} (${r.class})\t${r.message}`);
  const byCode = new Map<string, number>();
  for (const w of report.warnings) byCode.set(w.code, (byCode.get(w.code) ?? 0) + 1);
  for (const [code, n] of byCode) {
    const first = report.warnings.find((w) => w.code === code);
    const where =
      first?.seed === null || first === undefined
        ? ''
        : `seed ${first.seed}${first.line ? ` line ${first.line}` : ''}: `;
    lines.push(
      `warning\t${code}${n > 1 ? ` (${n}, first shown)` : ''}\t${where}${first?.message ?? ''}`,
    );
  }
  for (const s of report.seeds) {
    const items = s.n_items === null ? '-' : `${s.n_items} items`;
    const wall = s.wall_ms === null ? '-' : `${(s.wall_ms / 1000).toFixed(2)} s`;
    const sha = s.output_sha256 ? `sha256:${s.output_sha256}` : '-';
    const set = s.set ? `\t${s.set.file}` : '';
    lines.push(`seed ${s.seed}\t${s.status}\t${items}\t${wall}\t${sha}${set}`);
  }
  const max = report.overlap.reduce((m, p) => Math.max(m, p.jaccard), 0);
  if (report.overlap.length > 0)
    lines.push(`overlap\tmax ${max.toFixed(3)} (limit ${report.overlap_max})`);
  const d = report.data_hash;
  const recipe = d.recipe ? `\t${d.recipe} recipe${d.source ? ` (${d.source})` : ''}` : '';
  lines.push(`data hash\t${d.ok ? 'ok' : 'NOT ok'}\t${d.actual ?? 'no data/'}${recipe}`);
  const s = report.submission;
  const what =
    s.selection === 'git'
      ? `commit ${s.commit}`
      : s.selection === 'folder'
        ? "the folder's files"
        : 'in place';
  lines.push(`checked\t${what}`);
  lines.push(`tree hash\t${s.tree_hash}`);
  if (report.generator_toolkit)
    lines.push(`toolkit\t${report.generator_toolkit.version} (the generator's own)`);
  // Said where the runner must have Node: the task documents `python generate.py` only.
  if (report.runner && report.runner !== 'python')
    lines.push(`runner\t${describeRunner(report.runner)}`);
  const install = report.install;
  if (install && install.installer !== 'none') {
    const from = install.network === 'none' ? 'from the tree only' : `network ${install.network}`;
    const index = install.index ? `, ${install.index}` : '';
    const names = install.packages.map((p) => `${p.name}==${p.version}`).join(' ');
    lines.push(`installed\t${install.installer} (${from}${index})\t${names || 'nothing'}`);
  }
  lines.push(
    report.executor.network_traced
      ? 'network\tevery run traced'
      : 'network\tNOT checked: network calls are only detected by `rpe sandbox run`',
  );
  return lines;
}
