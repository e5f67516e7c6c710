// A real Office Open XML workbook (ECMA-376, SpreadsheetML), built by hand: one worksheet named
// after the sheet's title, a bold and frozen header row of the column names, then the rows.
// Strings are inline (t="inlineStr", no shared-string table), numbers are numbers, booleans are
// t="b", null is an absent cell. A text that is an ISO date (YYYY-MM-DD) or a UTC date-time
// (…Z) is a date cell: its Excel serial number with a yyyy-mm-dd or yyyy-mm-dd hh:mm:ss format.
// The sheet's time columns (Sheet.times) are date cells holding the wall clock of its zone, which
// their heading names ("departureAt (Asia/Damascus)"): a person reads the local time, a
// spreadsheet sorts and filters them as dates. Money columns (minor units in the sheet) are numbers in
// the currency's units with a currency format (#,##0.00 "SYP"), so sums and averages work. Text is XML-escaped, characters XML 1.0 forbids are removed and
// a cell's text is cut to Excel's 32 767-character limit. The title and subtitle also go into
// docProps/core.xml (dc:title, dc:description). No dates: the same sheet gives the same bytes.
import type { Sheet } from '../contracts.js';
import { fractionDigits } from '../../input/money.js';
import type { Cell } from './csv.js';
import { headings, isTimeColumn, wallClockSerial } from './times.js';
import { zipOf } from './zip.js';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAX_CELL_CHARS = 32767;

// XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. With the u
// flag a lone surrogate is one code point outside every range, so it is removed too.
const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Excel's rules for a sheet name: 1–31 characters, none of []:*?/\, not starting or ending with '. */
export function sheetNameOf(title: string): string {
  const cleaned = title
    .replace(XML_FORBIDDEN, '')
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  const chars = Array.from(cleaned); // whole code points, never half a surrogate pair
  let name = '';
  for (const ch of chars) {
    if (name.length + ch.length > 31) break;
    name += ch;
  }
  name = name.trim().replace(/'+$/, '');
  return name === '' || name.toLowerCase() === 'history' ? 'Sheet1' : name;
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function clip(text: string): string {
  if (text.length <= MAX_CELL_CHARS) return text;
  let cut = text.slice(0, MAX_CELL_CHARS);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut;
}

/** Cell styles (indexes into cellXfs in STYLES). */
const STYLE = { plain: 0, header: 1, date: 2, dateTime: 3, money: 4 } as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
/** Days from Excel's epoch (1899-12-30, the 1900 date system) to the Unix epoch. */
const EXCEL_UNIX_DAYS = 25569;

/** An ISO date or UTC date-time as an Excel serial number (days, with the time as a fraction). */
export function excelSerial(iso: string): number | null {
  const ms = Date.parse(ISO_DATE.test(iso) ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(ms) ? null : EXCEL_UNIX_DAYS + ms / 86_400_000;
}

function cellXml(ref: string, value: Cell | undefined, style: number): string {
  const s = style === 0 ? '' : ` s="${style}"`;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return `<c r="${ref}"${s}><v>${String(value)}</v></c>`;
  }
  if (typeof value === 'string' && style === STYLE.plain && (ISO_DATE.test(value) || ISO_DATE_TIME.test(value))) {
    // Dates and UTC date-times are date cells: a serial number shown with a date format.
    const serial = excelSerial(value);
    if (serial !== null) return `<c r="${ref}" s="${ISO_DATE.test(value) ? STYLE.date : STYLE.dateTime}"><v>${String(serial)}</v></c>`;
  }
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = xmlText(clip(value));
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

function displayLength(value: Cell | undefined): number {
  if (value === null || value === undefined) return 0;
  return Array.from(String(value)).length;
}

function worksheetXml(sheet: Sheet): string {
  const width = sheet.columns.length;
  const rows: string[] = [];
  const titles = headings(sheet);
  rows.push(`<row r="1">${titles.map((name, i) => cellXml(`${columnLetters(i)}1`, name, STYLE.header)).join('')}</row>`);
  const money = sheet.money;
  const styles = sheet.columns.map((name, i) =>
    money?.columns.includes(name) ? STYLE.money : isTimeColumn(sheet, i) ? STYLE.dateTime : STYLE.plain,
  );
  const unit = money ? 10 ** fractionDigits(money.currency) : 1;
  // A time column's cell is the wall clock of its zone (named in the heading), as a date cell.
  const typed = (value: Cell | undefined, style: number): [Cell | undefined, number] => {
    if (style === STYLE.money && typeof value === 'number') return [value / unit, style];
    if (style !== STYLE.dateTime || typeof value !== 'string') return [value, style];
    const serial = wallClockSerial(value);
    return serial === null ? [value, STYLE.plain] : [serial, style];
  };
  sheet.rows.forEach((row, r) => {
    const n = r + 2;
    let cells = '';
    for (let i = 0; i < width; i++) cells += cellXml(`${columnLetters(i)}${n}`, ...typed(row[i], styles[i]!));
    rows.push(`<row r="${n}">${cells}</row>`);
  });
  const lastRow = sheet.rows.length + 1;
  const dimension = width === 0 ? 'A1' : `A1:${columnLetters(width - 1)}${lastRow}`;
  // Column widths from the longest text in the first 1000 rows, between 8 and 60 characters.
  const cols = titles
    .map((name, i) => {
      let longest = displayLength(name);
      // A time shows as yyyy-mm-dd hh:mm:ss, whatever its text's length.
      for (const row of sheet.rows.slice(0, 1000)) longest = Math.max(longest, styles[i] === STYLE.dateTime ? 19 : displayLength(row[i]));
      const w = Math.min(60, Math.max(8, longest + 2));
      return `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`;
    })
    .join('');
  return `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><dimension ref="${dimension}"/><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols === '' ? '' : `<cols>${cols}</cols>`}<sheetData>${rows.join('')}</sheetData></worksheet>`;
}

/** The money format: the currency's minor digits and its code, e.g. #,##0.00 "SYP". */
function moneyFormat(currency: string | undefined): string {
  if (!currency) return '#,##0';
  const digits = fractionDigits(currency);
  return `#,##0${digits > 0 ? `.${'0'.repeat(digits)}` : ''} "${currency.replace(/[^A-Za-z]/g, '')}"`;
}

const stylesXml = (currency: string | undefined) =>
  `${XML_DECL}<styleSheet xmlns="${MAIN_NS}"><numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="166" formatCode="${xmlText(moneyFormat(currency))}"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

export function xlsxOf(sheet: Sheet): Buffer {
  const name = sheetNameOf(sheet.title);
  const contentTypes = `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
  const rootRels = `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;
  const workbook = `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const workbookRels = `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
  const core = `${XML_DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xmlText(sheet.title)}</dc:title>${sheet.subtitle ? `<dc:description>${xmlText(sheet.subtitle)}</dc:description>` : ''}<dc:creator>Partner Trip-Booking Service sandbox</dc:creator></cp:coreProperties>`;
  return zipOf([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: '_rels/.rels', data: rootRels },
    { name: 'xl/workbook.xml', data: workbook },
    { name: 'xl/_rels/workbook.xml.rels', data: workbookRels },
    { name: 'xl/worksheets/sheet1.xml', data: worksheetXml(sheet) },
    { name: 'xl/styles.xml', data: stylesXml(sheet.money?.currency) },
    { name: 'docProps/core.xml', data: core },
  ]);
}
