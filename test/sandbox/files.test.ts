// The file builders, checked by reading their output back (readers.ts: an RFC 4180 parser written
// there, fflate's ZIP reader, and `unzip -t` where it is installed). PDFs: pdf.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Sheet } from '../../src/sandbox/contracts.js';
import { contentTypeOf, csvOf, extensionOf, xlsxOf } from '../../src/sandbox/files/index.js';
import { columnLetters, sheetNameOf } from '../../src/sandbox/files/xlsx.js';
import { zipOf } from '../../src/sandbox/files/zip.js';
import { parseCsv, readZip } from './readers.js';

const ARABIC = 'محمد أحمد';

const sample: Sheet = {
  title: 'Bookings',
  subtitle: 'Company One, August 2026',
  columns: ['ID', 'Passenger', 'Seats', 'Paid', 'Note'],
  rows: [
    ['b-1', 'Smith, John', 2, true, 'says "hi"'],
    ['b-2', ARABIC, 1, false, 'line one\nline two'],
    ['b-3', 'Zoë', 3.5, null, null],
    ['b-4', ' padded ', -1, true, 'a\r\nb'],
  ],
};

// ------------------------------------------------------------------------------------------------
// CSV

describe('csvOf', () => {
  it('writes UTF-8 with a BOM, CRLF records and a header row, and round-trips awkward values', () => {
    const buf = csvOf(sample);
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = buf.toString('utf8').slice(1);
    expect(text.startsWith('ID,Passenger,Seats,Paid,Note\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['ID', 'Passenger', 'Seats', 'Paid', 'Note'],
      ['b-1', 'Smith, John', '2', 'true', 'says "hi"'],
      ['b-2', ARABIC, '1', 'false', 'line one\nline two'],
      ['b-3', 'Zoë', '3.5', '', ''],
      ['b-4', ' padded ', '-1', 'true', 'a\r\nb'],
    ]);
    expect(text).toContain('"Smith, John"');
    expect(text).toContain('"says ""hi"""');
    expect(text).toContain(`,${ARABIC},`); // no quotes needed, bytes intact
  });

  it('quotes header names too, pads short rows and cuts long ones', () => {
    const text = csvOf({ title: 't', columns: ['a,b', 'c'], rows: [['x'], ['1', '2', '3']] })
      .toString('utf8')
      .slice(1);
    expect(parseCsv(text)).toEqual([
      ['a,b', 'c'],
      ['x', ''],
      ['1', '2'],
    ]);
  });
});

// ------------------------------------------------------------------------------------------------
// ZIP / XLSX

/** Tag balance of an XML document (no parser in Node): every open tag is closed in order. */
function expectWellFormed(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"')).toBe(true);
  const stack: string[] = [];
  for (const m of xml.matchAll(/<(\/?)([A-Za-z_][\w:.-]*)[^>]*?(\/?)>/g)) {
    const [, close, name, selfClose] = m;
    if (selfClose === '/') continue;
    if (close === '/') expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
  // Nothing but entities after an ampersand, and no raw < inside text.
  expect(xml.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toContain('&');
}

function which(cmd: string): boolean {
  return spawnSync('which', [cmd], { encoding: 'utf8' }).status === 0;
}

describe('zipOf', () => {
  it('writes entries a reader finds, deflated, names in UTF-8, the same bytes every time', () => {
    const entries = [
      { name: 'a.txt', data: 'hello '.repeat(100) },
      { name: 'dir/ü.bin', data: Buffer.from([1, 2, 3]) },
      { name: 'empty', data: '' },
    ];
    const zip = zipOf(entries);
    const read = readZip(zip);
    // A name read back as ü proves the UTF-8 flag: without it the name is read as Latin-1 (Ã¼).
    expect(read.map((e) => e.name)).toEqual(['a.txt', 'dir/ü.bin', 'empty']);
    expect(read[0]!.data.toString()).toBe('hello '.repeat(100));
    expect(zip.length).toBeLessThan(600); // deflated: 600 bytes of text take far less
    expect([...read[1]!.data]).toEqual([1, 2, 3]);
    expect(read[2]!.data.length).toBe(0);
    expect(zipOf(entries).equals(zip)).toBe(true);
  });

  it('refuses an entry given twice', () => {
    expect(() =>
      zipOf([
        { name: 'a', data: '1' },
        { name: 'a', data: '2' },
      ]),
    ).toThrow(/given twice/);
  });
});

describe('xlsxOf', () => {
  const sheet: Sheet = {
    title: 'Revenue: Q3/2026 [draft] and a very long tail',
    subtitle: 'Company <One> & "Two"',
    columns: ['Name', 'Amount', 'Paid', 'Empty'],
    rows: [
      ['Tom & <Jerry>', 12.5, true, null],
      [ARABIC, -3, false, null],
      ['bad\u0001chars\uFFFE\uD800here', 0, null, ' lead'],
    ],
  };

  it('is a ZIP holding the Office Open XML parts, each well-formed', () => {
    const entries = readZip(xlsxOf(sheet));
    const names = entries.map((e) => e.name);
    for (const part of [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
      'xl/styles.xml',
    ]) {
      expect(names).toContain(part);
    }
    for (const e of entries) expectWellFormed(e.data.toString('utf8'));
    const types = entries.find((e) => e.name === '[Content_Types].xml')!.data.toString('utf8');
    expect(types).toContain('PartName="/xl/worksheets/sheet1.xml"');
    expect(types).toContain('spreadsheetml.sheet.main+xml');
    const rels = entries.find((e) => e.name === '_rels/.rels')!.data.toString('utf8');
    expect(rels).toContain('Target="xl/workbook.xml"');
    const wbRels = entries.find((e) => e.name === 'xl/_rels/workbook.xml.rels')!.data.toString('utf8');
    expect(wbRels).toContain('Target="worksheets/sheet1.xml"');
    expect(wbRels).toContain('Target="styles.xml"');
  });

  it('names the sheet after the title within Excel rules and writes typed, escaped cells', () => {
    const entries = readZip(xlsxOf(sheet));
    const workbook = entries.find((e) => e.name === 'xl/workbook.xml')!.data.toString('utf8');
    const name = sheetNameOf(sheet.title);
    expect(name.length).toBeLessThanOrEqual(31);
    expect(name).not.toMatch(/[[\]:*?/\\]/);
    expect(workbook).toContain(`<sheet name="${name}" sheetId="1" r:id="rId1"/>`);

    const xml = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString('utf8');
    expect(xml).toContain('<c r="A1" s="1" t="inlineStr"><is><t>Name</t></is></c>');
    expect(xml).toContain('<c r="A2" t="inlineStr"><is><t>Tom &amp; &lt;Jerry&gt;</t></is></c>');
    expect(xml).toContain('<c r="B2"><v>12.5</v></c>');
    expect(xml).toContain('<c r="C2" t="b"><v>1</v></c>');
    expect(xml).toContain(`<c r="A3" t="inlineStr"><is><t>${ARABIC}</t></is></c>`);
    expect(xml).toContain('<c r="B3"><v>-3</v></c>');
    expect(xml).toContain('<c r="C3" t="b"><v>0</v></c>');
    expect(xml).toContain('<c r="A4" t="inlineStr"><is><t>badcharshere</t></is></c>');
    expect(xml).toContain('<c r="D4" t="inlineStr"><is><t xml:space="preserve"> lead</t></is></c>');
    expect(xml).not.toContain('r="D2"'); // null → no cell
    expect(xml).toContain('<dimension ref="A1:D4"/>');
    expect(xml).toMatch(/<row r="4">/);

    const core = entries.find((e) => e.name === 'docProps/core.xml')!.data.toString('utf8');
    expect(core).toContain('<dc:description>Company &lt;One&gt; &amp; &quot;Two&quot;</dc:description>');
  });

  it('passes `unzip -t` as an extra check where unzip is installed', () => {
    // The structure checks above do not need unzip; this one adds an outside reader's opinion.
    const buf = xlsxOf(sheet);
    expect(readZip(buf).length).toBeGreaterThanOrEqual(6);
    if (!which('unzip')) {
      console.warn('unzip is not installed: the extra `unzip -t` check did not run');
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'tripctl-xlsx-'));
    try {
      const file = join(dir, 'report.xlsx');
      writeFileSync(file, buf);
      const r = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
      expect(r.stdout + r.stderr).toContain('No errors detected');
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('follows Excel rules for sheet names and column letters', () => {
    expect(sheetNameOf('a/b\\c?d*e:f[g]h')).toBe('a b c d e f g h');
    expect(sheetNameOf("'quoted'")).toBe('quoted');
    expect(sheetNameOf('')).toBe('Sheet1');
    expect(sheetNameOf('History')).toBe('Sheet1');
    expect(sheetNameOf('x'.repeat(40))).toBe('x'.repeat(31));
    expect(sheetNameOf('😀'.repeat(20)).length).toBeLessThanOrEqual(31); // never half a pair
    expect(sheetNameOf('😀'.repeat(20))).toBe('😀'.repeat(15));
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

// PDF: see pdf.test.ts (read back with poppler).

describe('formats', () => {
  it('names content types and extensions', () => {
    expect(contentTypeOf('csv')).toBe('text/csv; charset=utf-8');
    expect(contentTypeOf('xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(contentTypeOf('pdf')).toBe('application/pdf');
    expect(['csv', 'xlsx', 'pdf'].map((f) => extensionOf(f as 'csv'))).toEqual(['csv', 'xlsx', 'pdf']);
  });

  it('gives the same bytes for the same sheet', () => {
    expect(xlsxOf(sample).equals(xlsxOf(sample))).toBe(true);
  });
});

describe('xlsxOf: typed cells', () => {
  it('writes ISO dates and UTC date-times as date cells with a date format, and money as numbers in pounds with a currency format', () => {
    const sheet: Sheet = {
      title: 'Trips',
      columns: ['departureAt', 'day', 'pricePerSeat', 'note'],
      money: { columns: ['pricePerSeat'], currency: 'SYP' },
      rows: [['2026-09-01T04:30:00.000Z', '2026-09-01', 2_500_050, '2026-09-01 is not a date cell when it has text around it']],
    };
    const entries = readZip(xlsxOf(sheet));
    const xml = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString('utf8');
    // 2026-09-01 is day 46266 of the 1900 date system; 04:30 is 0.1875 of a day.
    expect(xml).toContain('<c r="A2" s="3"><v>46266.1875</v></c>');
    expect(xml).toContain('<c r="B2" s="2"><v>46266</v></c>');
    expect(xml).toContain('<c r="C2" s="4"><v>25000.5</v></c>');
    expect(xml).toContain('<c r="D2" t="inlineStr">');
    const styles = entries.find((e) => e.name === 'xl/styles.xml')!.data.toString('utf8');
    expectWellFormed(styles);
    const xfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(styles)![1]!;
    const formats = [...xfs.matchAll(/numFmtId="(\d+)"/g)].map((m) => m[1]);
    expect(formats).toEqual(['0', '0', '164', '165', '166']);
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>');
    expect(styles).toContain('<numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/>');
    expect(styles).toContain('<numFmt numFmtId="166" formatCode="#,##0.00 &quot;SYP&quot;"/>');
    // csv gives the same amount as text with the currency's two minor digits.
    expect(csvOf(sheet).toString('utf8')).toContain(',25000.50,');
  });
});
