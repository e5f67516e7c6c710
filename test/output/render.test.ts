// The renderer: every format for a list and for one object, on a terminal and piped, --query,
// sanitising of text from the service, and colour only when wanted.
import { describe, expect, test } from 'vitest';
import type { ResourceSpec } from '../../src/output/columns.js';
import { localTime, toCsv } from '../../src/output/cells.js';
import { Renderer, type RenderOptions } from '../../src/output/render.js';
import { specs } from '../../src/output/specs.js';
import { runInProcess, testContext } from '../support/context.js';

const CITIES = [
  { id: 'c-homs', name: 'Homs', nameAr: 'حمص' },
  { id: 'c-dam', name: 'Damascus', nameAr: 'دمشق' },
];
const COMPANY = { id: 'co-1', name: 'Acme, "Express"', verified: true, description: null };
const TRIP_SPEC: ResourceSpec = {
  name: 'trip',
  idField: 'id',
  columns: [
    { header: 'ID', path: 'id' },
    { header: 'DEPARTURE', path: 'departureAt', kind: 'time' },
    { header: 'FULL', path: 'full', kind: 'bool' },
    { header: 'DAYS', path: 'weekdays', kind: 'list' },
    { header: 'VEHICLE', path: 'vehicle.plate' },
  ],
};
const TRIPS = [
  { id: 't1', departureAt: '2026-11-24T06:30:00Z', full: false, weekdays: [1, 3], vehicle: { plate: 'DAM-123' } },
  { id: 't2', departureAt: '2026-11-25T21:15:00.000Z', full: true, weekdays: [], vehicle: null },
];

function renderer(opts: Partial<RenderOptions> & { stdoutIsTTY?: boolean } = {}) {
  const t = testContext({ stdoutIsTTY: opts.stdoutIsTTY ?? opts.tty ?? false });
  t.cleanup();
  const r = new Renderer(t.io, { format: 'table', color: false, tty: false, ...opts });
  return { r, out: () => t.out(), err: () => t.err() };
}

describe('lists', () => {
  test('table, piped: tab-separated, one row a line, no header, no borders', async () => {
    const { r, out } = renderer();
    expect(await r.list([CITIES], specs.city)).toBe(2);
    expect(out()).toBe('c-homs\tHoms\tحمص\nc-dam\tDamascus\tدمشق\n');
  });

  test('table, piped: ISO times as received, raw booleans, empty cells for nothing', async () => {
    const { r, out } = renderer({ timeZone: 'Asia/Damascus' });
    await r.list([TRIPS], TRIP_SPEC);
    expect(out()).toBe('t1\t2026-11-24T06:30:00Z\tfalse\t1,3\tDAM-123\nt2\t2026-11-25T21:15:00.000Z\ttrue\t\t\n');
  });

  test('table on a terminal: a heading naming the zone, local times, yes/no, a dash for nothing, no borders or rules', async () => {
    const { r, out } = renderer({ tty: true, timeZone: 'Asia/Damascus', now: () => new Date('2026-11-24T00:00:00Z') });
    await r.list([TRIPS], TRIP_SPEC);
    expect(out()).toBe(
      [
        'ID  DEPARTURE GMT+3   FULL  DAYS  VEHICLE',
        't1  2026-11-24 09:30  no    1,3   DAM-123',
        't2  2026-11-26 00:15  yes         -',
        '',
      ].join('\n'),
    );
  });

  test('an empty list: nothing on stdout when piped, a note on stderr on a terminal', async () => {
    const piped = renderer();
    expect(await piped.r.list([[]], specs.city)).toBe(0);
    expect(piped.out()).toBe('');
    const tty = renderer({ tty: true });
    await tty.r.list([[]], specs.city);
    expect(tty.out()).toBe('');
    expect(tty.err()).toBe('no cities\n');
  });

  test('json: the array as received, pages joined', async () => {
    const { r, out } = renderer({ format: 'json' });
    await r.list([CITIES.slice(0, 1), CITIES.slice(1)], specs.city);
    expect(JSON.parse(out())).toEqual(CITIES);
    expect(out()).toBe(`${JSON.stringify(CITIES, null, 2)}\n`);
  });

  test('ndjson: one object a line, each page printed as it arrives', async () => {
    const { r, out } = renderer({ format: 'ndjson' });
    const seenBeforeSecondPage: string[] = [];
    async function* pages() {
      yield CITIES.slice(0, 1);
      seenBeforeSecondPage.push(out());
      yield CITIES.slice(1);
    }
    await r.list(pages(), specs.city);
    expect(seenBeforeSecondPage).toEqual([`${JSON.stringify(CITIES[0])}\n`]);
    expect(out()).toBe(CITIES.map((c) => `${JSON.stringify(c)}\n`).join(''));
  });

  test('csv: RFC 4180 with a header, CRLF, quoting, streamed with one header', async () => {
    const { r, out } = renderer({ format: 'csv' });
    async function* pages() {
      yield [COMPANY];
      yield [{ id: 'co-2', name: 'line\nbreak', verified: false, description: 'a "b"' }];
    }
    await r.list(pages(), specs.company);
    expect(out()).toBe('id,name,verified,description\r\nco-1,"Acme, ""Express""",true,\r\nco-2,line break,false,"a ""b"""\r\n');
  });

  test('csv of an empty list is the header alone', async () => {
    const { r, out } = renderer({ format: 'csv' });
    await r.list([[]], specs.city);
    expect(out()).toBe('id,name,arabic\r\n');
  });

  test('ids: one id a line, by the spec’s id field', async () => {
    const { r, out } = renderer({ format: 'ids' });
    await r.list([CITIES], specs.city);
    expect(out()).toBe('c-homs\nc-dam\n');
    const places = renderer({ format: 'ids' });
    await places.r.list([[{ pcode: 'SY0401', name: 'x' }]], specs.place);
    expect(places.out()).toBe('SY0401\n');
  });

  test('without a spec the columns are the scalar fields of the first item, nested ones as a.b', async () => {
    const { r, out } = renderer({ format: 'csv' });
    await r.list([[{ id: 'a', n: 1, nested: { x: 1 }, when: null }]]);
    expect(out()).toBe('id,n,nested.x,when\r\na,1,1,\r\n');
  });
});

describe('one object', () => {
  test('table, piped: one "HEADER<tab>value" line per column', async () => {
    const { r, out } = renderer();
    await r.object(COMPANY, specs.company);
    expect(out()).toBe('ID\tco-1\nNAME\tAcme, "Express"\nVERIFIED\ttrue\nDESCRIPTION\t\n');
  });

  test('one object on a terminal: a field a line, the values aligned', async () => {
    const { r, out } = renderer({ tty: true });
    await r.object(COMPANY, specs.company);
    expect(out()).toBe('ID           co-1\nNAME         Acme, "Express"\nVERIFIED     yes\nDESCRIPTION  -\n');
  });

  test('json, ndjson, csv and ids', async () => {
    const json = renderer({ format: 'json' });
    await json.r.object(COMPANY, specs.company);
    expect(json.out()).toBe(`${JSON.stringify(COMPANY, null, 2)}\n`);
    const ndjson = renderer({ format: 'ndjson' });
    await ndjson.r.object(COMPANY, specs.company);
    expect(ndjson.out()).toBe(`${JSON.stringify(COMPANY)}\n`);
    const csv = renderer({ format: 'csv' });
    await csv.r.object(COMPANY, specs.company);
    expect(csv.out()).toBe('id,name,verified,description\r\nco-1,"Acme, ""Express""",true,\r\n');
    const ids = renderer({ format: 'ids' });
    await ids.r.object(COMPANY, specs.company);
    expect(ids.out()).toBe('co-1\n');
  });

  test('a value that is not an object prints as JSON even in a table', async () => {
    const { r, out } = renderer();
    await r.object(null);
    expect(out()).toBe('null\n');
  });
});

describe('--query', () => {
  test('applies to the whole list and prints JSON whatever the format', async () => {
    const { r, out } = renderer({ format: 'csv', query: "[?name=='Homs'].id" });
    await r.list([CITIES.slice(0, 1), CITIES.slice(1)], specs.city);
    expect(JSON.parse(out())).toEqual(['c-homs']);
  });

  test('applies to one object', async () => {
    const { r, out } = renderer({ query: '{n: name, v: verified}' });
    await r.object(COMPANY, specs.company);
    expect(JSON.parse(out())).toEqual({ n: 'Acme, "Express"', v: true });
  });

  test('a bad expression is a usage error before any request', async () => {
    const result = await runInProcess(['cities', 'list', '--query', '[?name==']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^tripctl: --query is not a valid JMESPath expression/);
  });

  test.each(['csv', 'table', 'ids', 'ndjson'])(
    'with an explicit -o %s it is a usage error with a hint, before any request',
    async (format) => {
      const result = await runInProcess(['cities', 'list', '--query', '[].id', '-o', format]);
      expect(result.code).toBe(2);
      // With -o ndjson a program reads JSON: the error comes as a JSON line too (cli.ts reportError).
      expect(result.stderr).toMatch(
        new RegExp(
          `^tripctl: --query prints JSON, so it cannot go with -o ${format}\nhint: drop -o ${format} \\(or write -o json\\): the query result is JSON\n${format === 'ndjson' ? '\\{"error":.*\\}\n' : ''}$`,
        ),
      );
    },
  );

  test('-o json, or a format from TRIPCTL_OUTPUT, goes with --query', async () => {
    for (const [args, env] of [
      [['-o', 'json'], {}],
      [[], { TRIPCTL_OUTPUT: 'csv' }],
    ] as const) {
      const result = await runInProcess(['cities', 'list', '--query', '[].id', ...args], { env });
      // No base URL here: the query was accepted and the command went on to fail at the client.
      expect(result.code, result.stderr).toBe(3);
    }
  });
});

describe('text from the service', () => {
  const EVIL = { id: 'x\u0007', name: 'Evil\u001b[31mRed\u001b[0m\u202eabc', nameAr: 'a\u001b]0;pwned\u0007b\tc\r\nd' };

  test('control characters, escape sequences and bidi overrides are stripped in tables', async () => {
    for (const tty of [false, true]) {
      const { r, out } = renderer({ tty });
      await r.list([[EVIL]], specs.city);
      expect(out(), `tty=${tty}`).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
      expect(out()).toContain('EvilRedabc');
      expect(out()).toContain('ab c d');
    }
  });

  test('and in CSV, where a line break becomes a space: one record stays one line', async () => {
    const { r, out } = renderer({ format: 'csv' });
    await r.list([[EVIL]], specs.city);
    expect(out()).toBe('id,name,arabic\r\nx,EvilRedabc,ab c d\r\n');
  });

  test('JSON keeps the text and escapes it', async () => {
    const { r, out } = renderer({ format: 'json' });
    await r.list([[EVIL]], specs.city);
    expect(out()).toContain('Evil\\u001b[31mRed\\u001b[0m');
    expect(out()).not.toContain('\u001b');
    expect(JSON.parse(out())).toEqual([EVIL]);
  });
});

describe('colour', () => {
  const PROFILES = { defaultProfile: 'a', profiles: { a: { baseUrl: 'https://h/api/partner/v1' } } };

  async function profilesList(args: string[], opts: { env?: Record<string, string>; stdoutIsTTY: boolean }) {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'tripctl-colour-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify(PROFILES), { mode: 0o600 });
    try {
      return await runInProcess([...args, 'profiles', 'list'], { configDir: dir, stdoutIsTTY: opts.stdoutIsTTY, env: opts.env });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test('headers are coloured on a terminal', async () => {
    const result = await profilesList([], { stdoutIsTTY: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\u001b[');
    expect(result.stdout).toContain('NAME');
  });

  test.each([
    ['NO_COLOR', [], { NO_COLOR: '1' }],
    ['--no-color', ['--no-color'], {}],
    ['TERM=dumb', [], { TERM: 'dumb' }],
  ])('%s turns colour off on a terminal', async (_name, args, env) => {
    const result = await profilesList(args as string[], { stdoutIsTTY: true, env: env as Record<string, string> });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^NAME {2}DEFAULT/);
    expect(result.stdout).not.toContain('\u001b[');
  });

  test('never any colour when piped', async () => {
    const result = await profilesList([], { stdoutIsTTY: false });
    expect(result.stdout).toBe('a\ttrue\thttps://h/api/partner/v1\t\tfalse\n');
  });
});

test('localTime shows the wall clock of a zone; a bad value is left as is', () => {
  expect(localTime('2026-11-24T06:30:00Z', 'Asia/Damascus')).toBe('2026-11-24 09:30');
  expect(localTime('2026-11-24T06:30:00Z', 'UTC')).toBe('2026-11-24 06:30');
  expect(localTime('2026-07-01T12:00:00+02:00', 'America/New_York')).toBe('2026-07-01 06:00');
  expect(localTime('not a time', 'UTC')).toBe('not a time');
});

test('toCsv without header', () => {
  expect(toCsv(specs.city.columns, CITIES, false)).toBe('c-homs,Homs,حمص\r\nc-dam,Damascus,دمشق\r\n');
});
