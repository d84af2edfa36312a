// Characters an XLSX string cannot hold as they are: XML 1.0 forbids most C0 controls, U+FFFE,
// U+FFFF and lone surrogates, and an XML reader turns a raw CR (or CR LF) into LF.
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|_(?=x[0-9A-Fa-f]{4}_)/g;

function hex(char: string): string {
  return char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Escapes a string for an XLSX cell the way Excel does (ECMA-376 ST_Xstring): such a character
 * becomes `_xHHHH_`, and an underscore that would otherwise start such an escape becomes
 * `_x005F_`. Readers (Excel, LibreOffice, exceljs) turn these back into the exact text; exceljs
 * writes strings without them, dropping control characters and carriage returns.
 */
export function escapeXlsxText(text: string): string {
  return text.replace(UNSAFE, (char) => `_x${hex(char)}_`);
}
