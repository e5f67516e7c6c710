// Readers the file tests check the sandbox's files with, written here rather than taken from the
// code under test: an RFC 4180 parser and a ZIP reader (central directory, inflate, CRC).
import zlib from 'node:zlib';

import { expect } from 'vitest';

import { crc32Fallback } from '../../src/sandbox/files/zip.js';

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
  method: number;
  flags: number;
  data: Buffer;
}

/** Reads a ZIP through its central directory, checking local headers, sizes and CRCs. */
export function readZip(zip: Buffer): ZipRead[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  expect(eocd + 22).toBe(zip.length); // no archive comment
  const count = zip.readUInt16LE(eocd + 10);
  expect(zip.readUInt16LE(eocd + 8)).toBe(count);
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  expect(cdOffset + cdSize).toBe(eocd);
  const entries: ZipRead[] = [];
  let p = cdOffset;
  for (let k = 0; k < count; k++) {
    expect(zip.readUInt32LE(p)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const csize = zip.readUInt32LE(p + 20);
    const usize = zip.readUInt32LE(p + 24);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;

    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    expect(zip.readUInt16LE(local + 8)).toBe(method);
    expect(zip.readUInt32LE(local + 14)).toBe(crc);
    expect(zip.readUInt32LE(local + 18)).toBe(csize);
    expect(zip.readUInt32LE(local + 22)).toBe(usize);
    const lNameLen = zip.readUInt16LE(local + 26);
    const lExtraLen = zip.readUInt16LE(local + 28);
    expect(zip.subarray(local + 30, local + 30 + lNameLen).toString('utf8')).toBe(name);
    const start = local + 30 + lNameLen + lExtraLen;
    const raw = zip.subarray(start, start + csize);
    expect([0, 8]).toContain(method);
    const data = method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw);
    expect(data.length).toBe(usize);
    expect(crc32Fallback(data)).toBe(crc);
    entries.push({ name, method, flags, data });
  }
  expect(p).toBe(eocd);
  return entries;
}
