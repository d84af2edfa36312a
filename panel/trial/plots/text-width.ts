/**
 * Advance widths of DejaVu Sans (the report's first font) for U+0020..U+007E, in hundredths of an
 * em, measured from the font. Without a canvas, Vega guesses 0.8 em per character, which truncates
 * labels and leaves wide gaps; this table makes the layout match what a browser draws.
 */
const ASCII = [
  32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64,
  64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79,
  60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63, 62, 35, 63,
  63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84,
];
/** Bold DejaVu Sans is about this much wider. */
const BOLD = 1.1;
const OTHER = 64;

// The width in hundredths of an em of one character: accented letters as their base letter.
function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 0x20 && code <= 0x7e) return ASCII[code - 0x20] ?? OTHER;
  if (ch === 'ł') return 28;
  if (ch === 'Ł') return 56;
  const base = ch.normalize('NFD').codePointAt(0) ?? 0;
  if (base >= 0x20 && base <= 0x7e) return ASCII[base - 0x20] ?? OTHER;
  return ch === '…' ? 100 : ch === '·' ? 32 : OTHER;
}

/** The width in pixels of `text` in DejaVu Sans at `fontSize`, bold when `fontWeight` says so. */
export function textWidth(text: string, fontSize: number, fontWeight?: string | number): number {
  let hundredths = 0;
  for (const ch of text) hundredths += charWidth(ch);
  const bold =
    fontWeight === 'bold' ||
    (typeof fontWeight === 'number' && fontWeight >= 600) ||
    Number(fontWeight) >= 600;
  return (hundredths / 100) * fontSize * (bold ? BOLD : 1);
}
