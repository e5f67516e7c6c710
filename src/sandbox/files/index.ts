// The file builders: pure functions from a Sheet (contracts.ts) to the bytes of a report export
// or an invoice, with no dependencies beyond node:zlib. See each module for the format's details.
export { csvOf } from './csv.js';
export { xlsxOf } from './xlsx.js';
export { pdfOf } from './pdf.js';

export type FileFormat = 'csv' | 'xlsx' | 'pdf';

export const FILE_FORMATS: readonly FileFormat[] = ['csv', 'xlsx', 'pdf'];

const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

export function isFileFormat(value: unknown): value is FileFormat {
  return typeof value === 'string' && (FILE_FORMATS as readonly string[]).includes(value);
}

/** The Content-Type to serve a file of this format with. */
export function contentTypeOf(format: FileFormat): string {
  return CONTENT_TYPES[format];
}

/** The file name extension, without the dot: 'csv', 'xlsx', 'pdf'. */
export function extensionOf(format: FileFormat): string {
  return format;
}
