import type { TopLevelSpec } from 'vega-lite';
import { textWidth } from './text-width.js';

// Vega's text item: its text (or one line of it), font settings and width limit (labelLimit).
function measureText(
  item: { fontSize?: number; fontWeight?: string | number; text?: unknown; limit?: number },
  text?: unknown,
): number {
  const width = textWidth(
    String(text ?? item.text ?? '').trim(),
    item.fontSize ?? 11,
    item.fontWeight,
  );
  // A text longer than its limit is drawn cut to the limit.
  return item.limit && item.limit > 0 ? Math.min(width, item.limit) : width;
}

/** The look every plot of the report shares: readable type, quiet grid, no frame. */
export const PLOT_CONFIG = {
  font: 'DejaVu Sans, Helvetica, Arial, sans-serif',
  background: 'white',
  padding: 8,
  view: { stroke: null },
  title: {
    anchor: 'start',
    fontSize: 15,
    fontWeight: 600,
    subtitleFontSize: 12,
    subtitleColor: '#555555',
    offset: 12,
  },
  axis: {
    labelFontSize: 11,
    titleFontSize: 12,
    titleFontWeight: 600,
    titleColor: '#333333',
    labelColor: '#333333',
    gridColor: '#ececec',
    domainColor: '#999999',
    tickColor: '#999999',
  },
  header: { labelFontSize: 12, labelFontWeight: 600, titleFontSize: 12 },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 600 },
} as const;

/** Colours the plots share, so the same thing has the same colour everywhere. */
export const COLORS = {
  right: '#2b6cb0',
  wrong: '#f3dccf',
  set: '#8aa6c8',
  worst: '#dd6b20',
  mean: '#1a202c',
  alarm: '#c53030',
  good: '#2f855a',
  muted: '#a0aec0',
} as const;

/**
 * Compiles a Vega-Lite spec and renders it to an SVG string with Vega's headless renderer (no
 * canvas, no browser, no network: every plot's data is inline).
 */
export async function renderVegaLite(spec: TopLevelSpec): Promise<string> {
  const [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  // Vega's hook for a measurer when no canvas is installed (vl-convert sets it too); exported by
  // vega-scenegraph but missing from vega's type declarations.
  (vega as unknown as { textMetrics: { width: typeof measureText } }).textMetrics.width =
    measureText;
  const compiled = vl.compile({
    ...spec,
    config: { ...PLOT_CONFIG, ...spec.config },
  } as TopLevelSpec);
  const view = new vega.View(vega.parse(compiled.spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The model names the plots show: the part after the organisation, when that stays unique. */
export function shortNames(models: readonly string[]): Map<string, string> {
  const short = models.map((m) => m.slice(m.lastIndexOf('/') + 1) || m);
  const unique = new Set(short).size === short.length;
  return new Map(models.map((m, i) => [m, unique ? (short[i] ?? m) : m]));
}
