// Reads an xlsx as a spreadsheet program's library does: openpyxl (Python), independent of the
// sandbox's own writer. Each cell comes back with its value (a date cell as its ISO date-time,
// naive, as openpyxl gives it) and its number format. python3-openpyxl is a test dependency (CI
// installs it from Debian's packages); the first Python that has it is used.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReadCell {
  value: string | number | boolean | null;
  /** true for a date cell (openpyxl's is_date) */
  date: boolean;
  format: string;
}

const SCRIPT = `
import json, sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).active
out = [[{"value": c.value.isoformat() if c.is_date and c.value is not None else c.value, "date": bool(c.is_date), "format": c.number_format} for c in row] for row in ws.iter_rows()]
print(json.dumps(out, ensure_ascii=False))
`;

/** The active sheet's rows, header first. */
export function openpyxlRows(xlsx: Buffer): ReadCell[][] {
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-openpyxl-'));
  const file = join(dir, 'file.xlsx');
  writeFileSync(file, xlsx);
  try {
    for (const python of ['python3', '/usr/bin/python3']) {
      try {
        return JSON.parse(execFileSync(python, ['-c', SCRIPT, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
      } catch (error) {
        const text = String((error as { stderr?: string }).stderr ?? '');
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !text.includes('No module named')) throw error;
      }
    }
    throw new Error('no python3 with openpyxl: apt-get install -y python3-openpyxl');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
