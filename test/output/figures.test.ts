// `dashboard` and `reports show` on a terminal: sections with labels and money with its currency;
// piped and -o json keep the service's keys and raw minor units.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, test, vi } from 'vitest';
import { formatMoney } from '../../src/input/money.js';
import { displayWidth } from '../../src/output/layout.js';
import { testContext } from '../support/context.js';
import { fileSession } from '../support/sandbox.js';

vi.setConfig({ testTimeout: 30_000 });

const sandbox = fileSession();

async function onTerminal(argv: string[], columns: number): Promise<string[]> {
  const t = testContext({
    stdoutIsTTY: true,
    columns,
    env: {
      TRIPCTL_BASE_URL: sandbox.session.sandbox.baseUrl,
      TRIPCTL_API_KEY: sandbox.session.sandbox.keys.full,
      TRIPCTL_TZ: 'Asia/Damascus',
    },
  });
  try {
    expect(await t.run(argv)).toBe(0);
    return stripVTControlCharacters(t.out()).trimEnd().split('\n');
  } finally {
    t.cleanup();
  }
}

const section = (lines: string[], title: string) => {
  const start = lines.findIndex((line) => line.startsWith(`${title} `));
  expect(start, `no ${title} section in:\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, index) => index > start && /^\S/.test(line));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
};

describe.each([100, 60])('at %i columns', (columns) => {
  test('dashboard: sections of labelled figures, money with currency and separators', async () => {
    const raw = await sandbox.session.json<{
      revenue: { paid: number; pending: number; currency: string };
      payouts: { paid: number };
      bookings: { total: number };
      fleet: { vehicles: number };
    }>(['dashboard']);
    const lines = await onTerminal(['dashboard'], columns);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
    expect(lines[0]).toMatch(/^As of\s+\d{4}-\d\d-\d\d \d\d:\d\d GMT\+3$/);
    expect(section(lines, 'Money')).toContain(`paid ${formatMoney(raw.revenue.paid, raw.revenue.currency)}`);
    expect(section(lines, 'Money')).toContain(`payouts paid ${formatMoney(raw.payouts.paid, 'SYP')}`);
    expect(formatMoney(raw.revenue.paid, 'SYP')).toMatch(/^\d{1,3}(,\d{3})*\.\d\d SYP$/);
    expect(section(lines, 'Bookings')).toContain(`total ${raw.bookings.total}`);
    expect(section(lines, 'Fleet')).toContain(`vehicles ${raw.fleet.vehicles}`);
    for (const title of ['Trips', 'Team', 'Reviews']) section(lines, title);
    const text = lines.join('\n');
    expect(text).not.toMatch(/revenue\.|\.paid|seatsSoldUpcoming|no_show/);
    expect(text).not.toContain(String(raw.revenue.paid));
  });

  test('reports show: sections, routes by city names, money formatted', async () => {
    const raw = await sandbox.session.json<{ revenue: { net: number }; routes: Array<{ revenue: number }> }>(['reports', 'show']);
    const lines = await onTerminal(['reports', 'show'], columns);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
    expect(lines[0]).toMatch(/^Period\s+the start to now$/);
    expect(section(lines, 'Money')).toContain(`net ${formatMoney(raw.revenue.net, 'SYP')}`);
    const routes = section(lines, 'Routes');
    expect(routes).toMatch(/^Routes\s+[A-Z][a-z].* → [A-Z]/);
    expect(routes).toContain(`revenue ${formatMoney(raw.routes[0]!.revenue, 'SYP')}`);
    expect(routes).not.toMatch(/damascus|aleppo/); // names, not ids
  });
});

test('at 30 columns: a title a line, a figure a line, nothing cut', async () => {
  const raw = await sandbox.session.json<{ revenue: { paid: number } }>(['dashboard']);
  const lines = await onTerminal(['dashboard'], 30);
  const money = lines.indexOf('Money');
  expect(money).toBeGreaterThan(0);
  expect(lines[money + 1]).toBe(`  paid ${formatMoney(raw.revenue.paid, 'SYP')}`);
  for (const title of ['Trips', 'Bookings', 'Fleet', 'Team', 'Reviews']) expect(lines).toContain(title);
});

test('piped and -o json keep the keys and the raw minor units', async () => {
  const json = await sandbox.session.json<{ revenue: { paid: number } }>(['dashboard']);
  expect(typeof json.revenue.paid).toBe('number');
  const piped = await sandbox.session.run(['dashboard']);
  expect(piped.stdout).toContain(`revenue.paid\t${json.revenue.paid}\n`);
  expect(piped.stdout).not.toContain(' SYP');
  const csv = await sandbox.session.run(['reports', 'show', '-o', 'csv']);
  expect(csv.stdout.split('\r\n')[0]).toContain('revenue.net');
});
