import type { CellValue } from 'exceljs';

/**
 * A cell read for a person: its text, or why it has none that reads the same everywhere, with the
 * fix (a phrase that follows "gold (column B) is").
 */
export type CellText = { text: string } | { problem: string };

const RETYPE = 'format the cell as Text and type the value again';

// Excel's General format shows an integer in full up to 11 digits, then in scientific notation.
const GENERAL_DIGITS = 1e11;
const PLAIN_FORMATS = new Set(['', 'General', '@', '0']);

function numberText(value: number, format: string | undefined): CellText {
  if (!PLAIN_FORMATS.has(format ?? '')) {
    return { problem: `the number ${value} shown with the format "${format}"; ${RETYPE}` };
  }
  if (!Number.isInteger(value)) {
    return {
      problem: `the number ${value}, which spreadsheets show with a decimal comma or point by language; ${RETYPE}`,
    };
  }
  if (Math.abs(value) >= GENERAL_DIGITS) {
    return { problem: `the number ${value}, which spreadsheets show rounded; ${RETYPE}` };
  }
  return { text: String(value) };
}

// The escapes of ECMA-376 ST_Xstring (`_x000D_` for a CR), as Excel and exceljs's own loader read
// them: the streaming reader leaves them in the text.
function decodeXstring(text: string): string {
  return text.replace(/_x([0-9A-F]{4})_/g, (_match, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

function valueText(value: CellValue, format: string | undefined): CellText {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: decodeXstring(value) };
  if (typeof value === 'number') return numberText(value, format);
  if (typeof value === 'boolean') {
    return {
      problem: `the truth value ${value ? 'TRUE' : 'FALSE'}, which spreadsheets name by language; ${RETYPE}`,
    };
  }
  if (value instanceof Date) {
    return {
      problem: `a date (${value.toISOString().slice(0, 10)}), which spreadsheets show by language; ${RETYPE}`,
    };
  }
  if ('richText' in value) {
    return { text: value.richText.map((run) => decodeXstring(run.text ?? '')).join('') };
  }
  if ('error' in value) {
    return { problem: `the error value ${value.error}; correct the cell or type its text` };
  }
  if ('hyperlink' in value) {
    const text: unknown = value.text;
    return valueText(text as CellValue, format);
  }
  if ('formula' in value || 'sharedFormula' in value) {
    if (value.result === undefined) {
      return {
        problem:
          'a formula with no saved result; open and save the file in a spreadsheet, or type the text',
      };
    }
    return valueText(value.result, format);
  }
  return { problem: `a cell of an unsupported kind; ${RETYPE}` };
}

/**
 * The text a person sees in an XLSX cell, as exactly as the file allows: strings and rich text as
 * stored (the quote prefix a spreadsheet adds for typed text is not part of the value), a formula's
 * saved result, an integer of General or Text format as its digits. Values whose display depends
 * on the spreadsheet's language or format (decimals, dates, percentages, TRUE) are a problem, not
 * a guess; so is the hidden part of a merged range.
 */
export function xlsxCellText(
  value: CellValue,
  numFmt: string | undefined,
  /** The first cell of the merged range this cell is hidden in, when it is. */
  mergedInto: string | null = null,
): CellText {
  if (mergedInto !== null) {
    return {
      problem: `part of the merged cells starting at ${mergedInto}; unmerge them so every column has its own cell`,
    };
  }
  return valueText(value, numFmt);
}
