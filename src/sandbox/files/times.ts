// How a sheet's time columns (Sheet.times) read in the files a person opens: the wall clock of the
// sheet's zone, with the zone named: in the column's heading in xlsx, under the title and at the
// foot of every page in pdf. The values are ISO 8601 with
// the zone's offset (2026-11-28T22:24:00+03:00); csv writes them as they are, so a program reads
// the instant and a person the local time.
import type { Sheet } from '../contracts.js';
import { columnTexts, type Cell } from './csv.js';

const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether column `i` holds times. */
export function isTimeColumn(sheet: Sheet, i: number): boolean {
  return sheet.times?.columns.includes(sheet.columns[i]!) === true;
}

/** The columns' headings for xlsx: a time column names its zone, `departureAt (Asia/Damascus)`. */
export function headings(sheet: Sheet): string[] {
  return sheet.columns.map((name, i) => (isTimeColumn(sheet, i) ? `${name} (${sheet.times!.zone})` : name));
}

/**
 * What a pdf says once under its title and at the foot of every page, `times in Asia/Damascus`
 * (its headings stay short, so that the table's columns fit whole); '' without time columns.
 */
export function zoneNote(sheet: Sheet): string {
  return sheet.times?.columns.some((name) => sheet.columns.includes(name)) ? `times in ${sheet.times.zone}` : '';
}

/** `2026-11-28T22:24:00+03:00` → `2026-11-28 22:24`, the wall clock written in the value; other text as it is. */
export function wallClock(value: string): string {
  const m = WITH_OFFSET.exec(value);
  return m ? `${m[1]} ${m[2]}` : value;
}

/** Days from Excel's epoch (1899-12-30, the 1900 date system) to the Unix epoch. */
const EXCEL_UNIX_DAYS = 25569;

/**
 * The wall clock written in an ISO 8601 value as an Excel serial number (days, the time as a
 * fraction): `2026-11-28T22:24:00+03:00` is 2026-11-28 22:24 whatever zone the reader is in.
 */
export function wallClockSerial(value: string): number | null {
  const m = WITH_OFFSET.exec(value);
  if (!m) return null;
  const ms = Date.parse(`${m[1]}T${m[2]}${m[3] ?? ''}Z`);
  return Number.isNaN(ms) ? null : EXCEL_UNIX_DAYS + ms / 86_400_000;
}

/** How each column's values read in a pdf: as in csv (columnTexts), time columns as their wall clock. */
export function readTexts(sheet: Sheet): Array<(value: Cell | undefined) => string> {
  const texts = columnTexts(sheet);
  return texts.map((text, i) => (isTimeColumn(sheet, i) ? (value) => wallClock(text(value)) : text));
}
