// The CSV reader behind --from-file: what Excel and hand-edited files look like, each record with
// the line it starts on, and the two ways a file is refused.
import { describe, expect, it } from 'vitest';
import { decodeCsv, parseCsv } from '../../src/cmdkit/csv.js';
import { CliError } from '../../src/errors.js';

const read = (text: string) => parseCsv(decodeCsv(Buffer.from(text, 'utf8'), 'f.csv'), 'f.csv');

describe('csv reader', () => {
  it('reads Excel in a semicolon locale: BOM, CRLF, `;`, a comma inside a cell', () => {
    const table = read('\ufeffvehicle;from;notes\r\nDAM-1;حمص;1,5 hours\r\n;;\r\nDAM-2;Homs;\r\n');
    expect(table.delimiter).toBe(';');
    expect(table.header).toEqual(['vehicle', 'from', 'notes']);
    expect(table.records).toEqual([
      { line: 2, cells: ['DAM-1', 'حمص', '1,5 hours'] },
      { line: 4, cells: ['DAM-2', 'Homs', ''] },
    ]);
  });

  it('takes quoted separators, doubled quotes and line breaks; lines count as an editor shows them', () => {
    const table = read('a,b\n"x, ""y""","two\nlines"\n\nlast,"one; two"');
    expect(table.delimiter).toBe(',');
    expect(table.records).toEqual([
      { line: 2, cells: ['x, "y"', 'two\nlines'] },
      { line: 5, cells: ['last', 'one; two'] },
    ]);
  });

  it('reads tab-separated text (pasted from a spreadsheet)', () => {
    expect(read('trip\tseats\nA\t2\n').records).toEqual([{ line: 2, cells: ['A', '2'] }]);
  });

  it('refuses an unclosed quote with its line, text that is not UTF-8, and an empty file', () => {
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(CliError);
        return (error as CliError).message;
      }
      throw new Error('not refused');
    };
    expect(refused(() => read('a,b\n1,2\n3,"open\n'))).toBe('f.csv: line 3: a quoted field is never closed');
    expect(refused(() => decodeCsv(Buffer.from('a\nJ\xe9r\xf4me\n', 'latin1'), 'f.csv'))).toBe('f.csv is not UTF-8 text');
    expect(refused(() => decodeCsv(Buffer.from('\ufeffa,b\n', 'utf16le'), 'f.csv'))).toBe('f.csv is UTF-16 text');
    expect(refused(() => read('\n\n'))).toBe('f.csv is empty');
  });
});
