// A timetable as the operator's source of truth, against the sandbox: published, then run again
// after one fare changed (that row differs, old → new, nothing sent, exit 8), with --update (the
// change sent as PATCH, then every row unchanged: counted on one line, listed with --verbose), a
// row taken out of the file (its trip named as no longer in the sheet, not cancelled without
// --prune, exit 8), and the fare guard at the CSV door. Moves, --prune and booked passengers:
// timetable-sync.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedPrompter } from '../support/prompter.js';
import { api, run, sandbox, type Sandbox } from './helpers.js';
import { pipedRows } from '../support/piped.js';

let sb: Sandbox;
let dir: string;
/** One config dir for every run, as on the office's machine: it keeps the record of what each sheet published. */
let configDir: string;
const tripctl = (argv: string[], opts: Parameters<typeof run>[2] = {}) => run(sb, argv, { configDir, ...opts });
const TZ = ['--tz', 'Asia/Damascus'];
const rows = (fares: string[]) =>
  [
    'vehicle,from,to,departure,price',
    `DAM-123456,Damascus,Homs,2027-05-03 08:00,"${fares[0]}"`,
    `DAM-123456,Homs,Damascus,2027-05-03 17:00,"${fares[1]}"`,
    `DAM-123456,Damascus,Homs,2027-05-04 08:00,"${fares[2]}"`,
  ].join('\n');
const writesSince = (mark: number) => sb.requests.slice(mark).filter((r) => r.method !== 'GET');

beforeAll(async () => {
  sb = await sandbox();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-timetable-'));
  configDir = join(dir, 'config');
  mkdirSync(configDir);
});
afterAll(async () => {
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a timetable run again', () => {
  const file = () => join(dir, 'week.csv');
  let ids: string[] = [];

  it('publishes the week, then one changed fare is that row differing, old → new: not sent, exit 8', async () => {
    writeFileSync(file(), rows(['25,000', '25,000', '25,000']));
    const first = await tripctl(['trips', 'publish', '--from-file', file(), ...TZ]);
    expect(first.code).toBe(0);
    ids = pipedRows(first.stdout).map((l) => l[1]!);

    writeFileSync(file(), rows(['25,000', '26,500', '25,000']));
    const dry = await tripctl(['trips', 'publish', '--from-file', file(), '--dry-run', ...TZ]);
    expect(dry.code).toBe(8);
    expect(dry.stdout).toBe('');
    expect(dry.stderr).toContain(`line 3: differs (${ids[1]}): price 25,000.00 → 26,500.00 SYP; not sent without --update`);
    // Unchanged rows are counted, not listed, unless --verbose.
    expect(dry.stderr).not.toContain('line 2:');
    expect(dry.stderr).toContain('dry run: 0 new, 2 unchanged, 1 differs; 0 of 3 rows would be sent; nothing was sent');

    const mark = sb.requests.length;
    const again = await tripctl(['trips', 'publish', '--from-file', file(), ...TZ]);
    expect(again.code).toBe(8);
    expect(pipedRows(again.stdout)).toEqual([['3', ids[1], 'differs', 'price 25,000.00 → 26,500.00 SYP']]);
    expect(again.stderr).toContain('imported 0 of 1; 1 differs (not sent)');
    expect(again.stderr).toContain(`${file()}: 2 unchanged; nothing sent\n`);
    expect(again.stderr).toContain(`1 row of ${file()} differs from the published trips and was not sent; run again with --update`);
    expect(writesSince(mark)).toEqual([]);
    expect((await api(sb, 'GET', `/trips/${ids[1]}`)).trip.pricePerSeat).toBe(2_500_000);
  });

  it('with --update the change is sent as PATCH of that field alone; a second re-run is every row unchanged', async () => {
    const dry = await tripctl(['trips', 'publish', '--from-file', file(), '--dry-run', '--update', ...TZ]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({ line: 3, method: 'PATCH', path: `/trips/${ids[1]}`, body: { pricePerSeat: 2_650_000 } });

    // On a terminal the plan is shown and asked about first: declined, nothing is sent.
    const prompter = new ScriptedPrompter([[/^Change 1 trip\?$/, () => false]]);
    const before = sb.requests.length;
    const declined = await tripctl(['trips', 'publish', '--from-file', file(), '--update', ...TZ], {
      stdinIsTTY: true,
      stderrIsTTY: true,
      prompter,
    });
    expect(declined.code).toBe(130);
    expect(declined.stderr).toContain(`${file()}: 0 new, 2 unchanged, 1 differs\n  line 3: price 25,000.00 → 26,500.00 SYP\n`);
    expect(prompter.asked).toEqual([{ kind: 'confirm', message: 'Change 1 trip?' }]);
    expect(writesSince(before)).toEqual([]);

    const mark = sb.requests.length;
    const update = await tripctl(['trips', 'publish', '--from-file', file(), '--update', ...TZ]);
    expect(update.code).toBe(0);
    expect(pipedRows(update.stdout)).toEqual([['3', ids[1], 'updated: price 25,000.00 → 26,500.00 SYP']]);
    expect(update.stderr).toContain(`${file()}: 1 updated, 2 unchanged\n`);
    expect(writesSince(mark).map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /trips/${ids[1]}`]);
    expect((await api(sb, 'GET', `/trips/${ids[1]}`)).trip.pricePerSeat).toBe(2_650_000);

    const second = await tripctl(['trips', 'publish', '--from-file', file(), ...TZ]);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('');
    expect(second.stderr).toContain(`${file()}: 3 unchanged; nothing sent\n`);
    const verbose = await tripctl(['trips', 'publish', '--from-file', file(), '--verbose', ...TZ]);
    expect(verbose.code).toBe(0);
    expect(pipedRows(verbose.stdout).map((l) => l[2])).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('a published trip of the same vehicle and days that the file no longer lists is named, not cancelled without --prune: exit 8', async () => {
    const [header, morning, evening, next] = rows(['25,000', '26,500', '25,000']).split('\n');
    expect(evening).toContain('Homs,Damascus');
    writeFileSync(file(), [header, morning, next].join('\n'));
    const mark = sb.requests.length;
    const result = await tripctl(['trips', 'publish', '--from-file', file(), ...TZ]);
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(`1 published trip no longer in ${file()}, still on sale; --prune cancels it:`);
    expect(result.stderr).toMatch(new RegExp(`  DAM-123456 Homs → Damascus 2027-05-03 17:00 \\S+ \\(${ids[1]}\\)`));
    expect(writesSince(mark)).toEqual([]);
    expect((await api(sb, 'GET', `/trips/${ids[1]}`)).trip.status).toBe('published');
  });

  it('the fare guard at the CSV door: a row of 38 SYP on a 12,000 route is exit 2 naming its line and the usual fare', async () => {
    const odd = join(dir, 'odd.csv');
    writeFileSync(odd, 'vehicle,from,to,departure,price\nDAM-123456,Damascus,Homs,2027-05-05 08:00,38\n');
    const mark = sb.requests.length;
    const held = await tripctl(['trips', 'publish', '--from-file', odd, ...TZ]);
    expect(held.code).toBe(2);
    expect(held.stderr).toContain(
      `tripctl: ${odd}: line 2: price: 38.00 SYP is more than 5 times below the usual fare on Damascus → Homs, 12,000.00 SYP`,
    );
    expect(held.stderr).toContain('if the fare is meant, add --fare-ok');
    expect(writesSince(mark)).toEqual([]);
    const meant = await tripctl(['trips', 'publish', '--from-file', odd, '--fare-ok', ...TZ]);
    expect(meant.code).toBe(0);
    expect(pipedRows(meant.stdout)[0]![2]).toBe('created');
  });
});
