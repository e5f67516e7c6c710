// The office's Excel timetable published by the built tool from cron: a bare environment (no TZ,
// no LANG, a short PATH, no terminal), after one `auth login` at the office's terminal. Each row
// departs at its local time with its fare and driver; the same sheet again sends nothing, exit 0;
// and the built tool reads the workbook through its own chunk of the Excel reader.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, tripctl } from '../support/cli.js';
import { type Sandbox, startCheckedSandbox } from '../support/sandbox.js';
import { excelSerialOf, xlsxWorkbook } from '../support/xlsx.js';

let sb: Sandbox;
let dir: string;
beforeAll(async () => {
  sb = await startCheckedSandbox({ port: 0, timeScale: 0.001 });
  dir = mkdtempSync(join(tmpdir(), 'tripctl-sheet-cron-'));
});
afterAll(async () => {
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What cron gives a job: HOME, LOGNAME, SHELL and a short PATH; no TZ, no LANG, no terminal. */
const cron = (configDir: string) =>
  cleanEnv(configDir, { TZ: undefined, LANG: undefined, PATH: '/usr/bin:/bin', SHELL: '/bin/sh', LOGNAME: 'office' });

describe('an .xlsx timetable from cron (built bin)', () => {
  it('publishes each row at its local time, fare and driver; the same sheet again is unchanged, exit 0, nothing sent', async () => {
    const configDir = join(dir, 'config');
    const login = await tripctl(['--base-url', sb.baseUrl, 'auth', 'login', '--with-key'], {
      configDir,
      input: `${sb.keys.full}\n`,
      env: { TZ: 'Asia/Damascus' },
    });
    expect(login.code, login.stderr).toBe(0);

    const day = (wall: string) => ({ serial: excelSerialOf(wall), format: 'date' as const });
    const at = (h: number, m: number) => ({ serial: (h + m / 60) / 24, format: 'time' as const });
    const file = join(dir, 'week.xlsx');
    writeFileSync(
      file,
      xlsxWorkbook([
        {
          name: 'Week',
          rows: [
            ['Date', 'Time', 'From', 'To', 'Vehicle', 'Driver', 'Fare (SYP)'],
            [day('2027-07-05'), at(6, 0), 'Damascus', 'Homs', 'DAM-502291', 'Khaled Mansour', 12000],
            [day('2027-07-05'), at(19, 45), 'حمص', 'دمشق', 'DAM-502291', '0944 000 005', '12,500'],
          ],
        },
      ]),
    );
    const mark = sb.requests.length;
    const first = await tripctl(['trips', 'publish', '--from-file', file], { configDir, env: cron(configDir), cwd: dir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toMatch(/\bat \w+\.\w+ \(|node:internal/);
    const posted = sb.requests
      .slice(mark)
      .filter((r) => r.method === 'POST' && r.path.endsWith('/trips'))
      .map((r) => JSON.parse(String(r.body)));
    const members = (await (await fetch(`${sb.baseUrl}/members`, { headers: { authorization: `Bearer ${sb.keys.full}` } })).json()) as {
      members: Array<{ id: string; fullName: string }>;
    };
    const driver = (name: string) => members.members.find((m) => m.fullName === name)!.id;
    expect(posted.map((b) => [b.departureAt, b.fromCityId, b.toCityId, b.pricePerSeat, b.driverId])).toEqual([
      ['2027-07-05T06:00:00+03:00', 'damascus', 'homs', 1_200_000, driver('Khaled Mansour')],
      ['2027-07-05T19:45:00+03:00', 'homs', 'damascus', 1_250_000, driver('Rami Saleh')],
    ]);

    const before = sb.requests.length;
    const again = await tripctl(['trips', 'publish', '--from-file', file], { configDir, env: cron(configDir), cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    // The cron mail of an unchanged week: the unchanged rows counted on one line, no more than 5 in all.
    const mail = `${again.stdout}${again.stderr}`.trim().split('\n');
    expect(mail.length, mail.join('\n')).toBeLessThanOrEqual(5);
    expect(mail.join('\n')).toContain('2 unchanged');
    expect(sb.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
