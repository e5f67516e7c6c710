// The ZIP container of the sandbox's XLSX files, written by fflate (a well-kept, dependency-free
// ZIP and deflate library, already in the tree through pdfkit): deflated entries, UTF-8 names
// (fflate sets flag bit 11 for them), and every entry stamped 1980-01-01 00:00 — the earliest time
// ZIP can hold — so the same sheet always gives the same bytes.
import { zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  name: string;
  data: Buffer | string;
}

/** The DOS date fflate writes is read in local time: 1980-01-01 00:00 here is the same field everywhere. */
const FIXED_TIME = new Date(1980, 0, 1, 0, 0, 0);

export function zipOf(entries: ZipEntry[]): Buffer {
  const files: Zippable = {};
  for (const { name, data } of entries) {
    if (name in files) throw new RangeError(`ZIP entry ${name} given twice`);
    files[name] = [typeof data === 'string' ? Buffer.from(data, 'utf8') : data, {}];
  }
  const zip = zipSync(files, { level: 9, mtime: FIXED_TIME });
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}
