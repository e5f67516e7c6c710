// Readers the file tests check the sandbox's files with: an RFC 4180 parser written here rather
// than taken from the code under test, and fflate's ZIP reader.
// `unzip -t` adds an outside reader's opinion where it is installed (files.test.ts).
import { unzipSync } from 'fflate';

/** RFC 4180 parser: records end in CRLF; quoted fields may hold , " CR LF. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let value = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error('quote in unquoted field');
        value += text[i++];
      }
    }
    record.push(value);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      i += 2;
      records.push(record);
      record = [];
    } else {
      throw new Error(`bare line end or garbage at ${i}: ${JSON.stringify(text.slice(i, i + 5))}`);
    }
  }
  if (record.length > 0) throw new Error('last record not ended by CRLF');
  return records;
}

export interface ZipRead {
  name: string;
  data: Buffer;
}

/** The entries of a ZIP, in the order of its central directory. */
export function readZip(zip: Buffer): ZipRead[] {
  return Object.entries(unzipSync(zip)).map(([name, data]) => ({ name, data: Buffer.from(data) }));
}
