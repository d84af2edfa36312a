import type { Report } from './report-schema.js';

// The few lines a terminal shows for a report: verdict, reasons, one line per seed, overlap, data hash.
export function summarizeReport(report: Report): string[] {
  const lines = [`verdict\t${report.verdict}`];
  for (const r of report.reasons) lines.push(`reason\t${r.code}\t${r.message}`);
  for (const s of report.seeds) {
    const items = s.n_items === null ? '-' : `${s.n_items} items`;
    const wall = s.wall_ms === null ? '-' : `${(s.wall_ms / 1000).toFixed(2)} s`;
    const sha = s.output_sha256 ? `sha256:${s.output_sha256}` : '-';
    lines.push(`seed ${s.seed}\t${s.status}\t${items}\t${wall}\t${sha}`);
  }
  const max = report.overlap.reduce((m, p) => Math.max(m, p.jaccard), 0);
  if (report.overlap.length > 0)
    lines.push(`overlap\tmax ${max.toFixed(3)} (limit ${report.overlap_max})`);
  const d = report.data_hash;
  lines.push(`data hash\t${d.ok ? 'ok' : 'NOT ok'}\t${d.actual ?? 'no data/'}`);
  lines.push(`tree hash\t${report.submission.tree_hash}`);
  if (report.generator_toolkit)
    lines.push(`toolkit\t${report.generator_toolkit.version} (the generator's own)`);
  lines.push(
    report.executor.network_traced
      ? 'network\tevery run traced'
      : 'network\tNOT checked: network calls are only detected by `rpe sandbox run`',
  );
  return lines;
}
