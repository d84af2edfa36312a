// The public door of panel/sheet: items to and from spreadsheets (CSV, TSV, XLSX).
export { importSheet, type ImportSheetOptions, type ImportSheetReport } from './import-sheet.js';
export { exportSheet, type ExportSheetOptions, type ExportSheetReport } from './export-sheet.js';
export { sheetToItems, type SheetImport, type SheetImportOptions } from './sheet-to-items.js';
export { findColumns, type SheetColumns } from './find-columns.js';
export { readDelimited } from './read-delimited.js';
export { readXlsx } from './read-xlsx.js';
export { readSheetMeta, type SheetMeta } from './read-sheet-meta.js';
export { reviewTable, type ReviewColumn, type ReviewTable } from './review-table.js';
export { formatDelimited } from './format-delimited.js';
export { formatXlsx } from './format-xlsx.js';
export { escapeXlsxText } from './escape-xlsx-text.js';
export { sampleItemNumbers, SAMPLE_STREAM } from './sample-item-numbers.js';
export { columnLetter, type SheetIssue, type SheetRow, type SheetTable } from './sheet-table.js';
