// What is typed is what is sent (issue 20), against the sandbox: an amount in the currency's units
// at every door (flag, prompt, CSV column, dry run, review) and minor units only under the
// service's field name; phones as people write them, sent in E.164; cities by any of their names.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolsFor } from '../../src/cmdkit/run-operation.js';
import { CITY_ALTERNATIVE_NAMES } from '../../src/input/city-names.js';
import { testContext } from '../support/context.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { openSession, terminalOn, type SandboxSession } from '../support/sandbox.js';

let session: SandboxSession;
let dir: string;
beforeAll(async () => {
  session = await openSession();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-meant-'));
});
afterAll(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

const bodies = (mark: number, method: string, path: string) =>
  session
    .since(mark)
    .filter((r) => r.method === method && r.path.endsWith(path))
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

const PUBLISH = ['trips', 'publish', '--vehicle', 'DAM-123456', '--departure', '2027-01-10 08:30'];

describe('money: the currency’s units at every door', () => {
  it('--price 18000.50 is 1800050 minor units; 18,000 and 18000 are the same amount', async () => {
    const trip = await session.json([...PUBLISH, '--from', 'hims', '--to', 'Halab', '--price', '18000.50', '--yes']);
    expect(trip).toMatchObject({ pricePerSeat: 1800050, fromCityId: 'homs', toCityId: 'aleppo' });
    for (const typed of ['18,000', '18000', '18 000', '18000 SYP']) {
      const mark = session.mark();
      const result = await session.run([
        ...PUBLISH,
        '--from',
        'Homs',
        '--to',
        'Aleppo',
        '--departure',
        '2027-01-11 08:30',
        '--price',
        typed,
      ]);
      expect(result.code, `${typed}: ${result.stderr}`).toBe(0);
      expect(bodies(mark, 'POST', '/trips')[0]).toMatchObject({ pricePerSeat: 1800000 });
    }
  });

  it('more decimals than the currency has, a decimal comma or another currency: exit 2 naming the currency, nothing sent', async () => {
    for (const [typed, message] of [
      ['18000.505', "tripctl: --price: SYP has 2 minor digits, so '18000.505' has too many decimal places"],
      ['18,5', "tripctl: --price must be an amount in SYP such as 18000 or 18000.50, not '18,5'\nhint: write decimals with a point"],
      ['18000 USD', "tripctl: --price: amounts are in SYP (the profile's currency), not USD: '18000 USD'"],
      ['-5', "tripctl: --price must be an amount in SYP such as 18000 or 18000.50, not '-5'"],
    ]) {
      const mark = session.mark();
      const result = await session.run([...PUBLISH, '--from', 'Homs', '--to', 'Aleppo', '--price', typed!, '--tz', 'UTC']);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`${message}\n`);
      expect(session.since(mark)).toEqual([]);
    }
  });

  it('the profile’s currency sets the minor digits: JOD has three', async () => {
    const profileDir = mkdtempSync(join(tmpdir(), 'tripctl-jod-'));
    try {
      const env = { TRIPCTL_CONFIG_DIR: profileDir };
      expect((await session.run(['config', 'set', 'currency', 'jod'], { configDir: profileDir, env })).code).toBe(0);
      const mark = session.mark();
      const ok = await session.run([...PUBLISH, '--from', 'Homs', '--to', 'Hama', '--price', '12.345'], { configDir: profileDir });
      expect(ok.code, ok.stderr).toBe(0);
      expect(bodies(mark, 'POST', '/trips')[0]).toMatchObject({ pricePerSeat: 12345 });
      const bad = await session.run([...PUBLISH, '--from', 'Homs', '--to', 'Hama', '--price', '12.3456'], { configDir: profileDir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('JOD has 3 minor digits');
    } finally {
      rmSync(profileDir, { recursive: true, force: true });
    }
  });

  it('-F pricePerSeat takes the service’s minor units, and stands for the required --price', async () => {
    const mark = session.mark();
    const result = await session.run([...PUBLISH, '--from', 'Homs', '--to', 'Tartous', '-F', 'pricePerSeat=1800000']);
    expect(result.code, result.stderr).toBe(0);
    expect(bodies(mark, 'POST', '/trips')[0]).toMatchObject({ pricePerSeat: 1800000, toCityId: 'tartus' });
  });

  it.each([
    ['pricePerSeat=1250000.5', /^tripctl: -F pricePerSeat=1250000\.5: pricePerSeat is in minor units, a whole number/],
    ['pricePerSeat=-1200000', /^tripctl: -F pricePerSeat=-1200000: pricePerSeat is in minor units, a whole number/],
    ['pricePerSeat=9007199254740993', /^tripctl: -F pricePerSeat=9007199254740993: pricePerSeat is too large/],
    ['totalSeats=2.5', /^tripctl: -F totalSeats=2\.5: --seats must be a whole number/],
  ])('-F %s is read by the rule of the CSV column of that name: exit 2 before any request', async (field, message) => {
    const mark = session.mark();
    const result = await session.run([...PUBLISH, '--from', 'Homs', '--to', 'Tartous', '-F', field]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(session.since(mark)).toEqual([]);
  });

  it('--price with -F pricePerSeat (or -f) is exit 2, naming both, before any request', async () => {
    for (const hatch of ['-F', '-f']) {
      const mark = session.mark();
      const result = await session.run([
        ...PUBLISH,
        '--from',
        'Homs',
        '--to',
        'Tartous',
        '--price',
        '12000',
        hatch,
        'pricePerSeat=1800000',
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`tripctl: --price and ${hatch} pricePerSeat both set pricePerSeat: give one of them\n`);
      expect(session.since(mark)).toEqual([]);
    }
  });

  it('a prompt takes the same amount as the flag, and the review shows both units', async () => {
    const prompter = new ScriptedPrompter([
      [/^Fare per seat, in SYP/, () => '18,000.50'],
      [/^Driver/, (choices) => choices!.at(-1)!.value], // (none: the key's own member drives)
      [/^Send this/, () => true],
    ]);
    const t = terminalOn(session, prompter);
    try {
      const mark = session.mark();
      const code = await t.run([
        ...PUBLISH,
        '--from',
        'Dimashq',
        '--to',
        'Lattakia',
        '--seats',
        '4',
        '--pickup',
        'SY0100',
        '--dropoff',
        'SY0600',
      ]);
      expect(code, t.err()).toBe(0);
      expect(bodies(mark, 'POST', '/trips')[0]).toMatchObject({ pricePerSeat: 1800050, fromCityId: 'damascus', toCityId: 'latakia' });
      expect(t.err()).toMatch(/price\s+18,000\.50 SYP \(1800050 minor units\)/);
    } finally {
      t.cleanup();
    }
  });

  it('a CSV `price` column is in SYP, a `pricePerSeat` column in minor units; the dry run shows both', async () => {
    const byPrice = join(dir, 'by-price.csv');
    writeFileSync(
      byPrice,
      'vehicle,from,to,departure,price\nDAM-123456,Hims,Halab,2027-03-01 08:00,18000.50\nDAM-123456,Hims,Halab,2027-03-02 08:00,"18,000"\n',
    );
    const dry = await session.run(['trips', 'publish', '--from-file', byPrice, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    const requests = dry.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { body: Record<string, unknown> });
    expect(requests.map((r) => r.body.pricePerSeat)).toEqual([1800050, 1800000]);
    expect(dry.stderr).toContain('price 18,000.50 SYP (1800050 minor units)');
    expect(dry.stderr).toContain('price 18,000.00 SYP (1800000 minor units)');

    const byField = join(dir, 'by-field.csv');
    writeFileSync(
      byField,
      'vehicle,from,to,departure,pricePerSeat\nDAM-123456,Hims,Halab,2027-03-03 08:00,1800050\nDAM-123456,Hims,Halab,2027-03-04 08:00,18000.50\n',
    );
    const mark = session.mark();
    const result = await session.run(['trips', 'publish', '--from-file', byField]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${byField}: line 3: pricePerSeat is in minor units, a whole number such as 1800050, not '18000.50'`);
    expect(session.since(mark).filter((r) => r.method === 'POST')).toEqual([]);
    writeFileSync(byField, 'vehicle,from,to,departure,pricePerSeat\nDAM-123456,Hims,Halab,2027-03-03 08:00,1800050\n');
    const sent = await session.run(['trips', 'publish', '--from-file', byField]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(bodies(mark, 'POST', '/trips')).toEqual([expect.objectContaining({ pricePerSeat: 1800050 })]);
  });
});

describe('phones as people write them', () => {
  let trip: string;
  beforeAll(async () => {
    const [first] = await session.json<Array<{ id: string }>>(['trips', 'list', '--status', 'published', '--limit', '1']);
    trip = first!.id;
  });

  it.each([
    ['0944 123 456', '+963944123456'],
    ['+963 944 123 457', '+963944123457'],
    ['00963944123458', '+963944123458'],
  ])('%s is booked as %s', async (typed, e164) => {
    const mark = session.mark();
    const result = await session.run(['bookings', 'create', '--trip', trip, '--seats', '1', '--phone', typed, '--name', 'Test', '--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect(bodies(mark, 'POST', '/bookings')).toEqual([{ tripId: trip, seats: 1, phone: e164, fullName: 'Test' }]);
  });

  it('an impossible number is exit 2 naming the country assumed, before any request', async () => {
    const mark = session.mark();
    const result = await session.run(['bookings', 'create', '--trip', trip, '--seats', '1', '--phone', '0944 12']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^tripctl: --phone: '0944 12' has too few digits for a mobile number in Syria \(SY\)/);
    expect(result.stderr).toContain("hint: read in Syria (SY), the profile's 'country' setting");
    expect(session.since(mark)).toEqual([]);
  });

  it('the profile’s country reads local numbers: `config set country LB`', async () => {
    const profileDir = mkdtempSync(join(tmpdir(), 'tripctl-lb-'));
    try {
      expect((await session.run(['config', 'set', 'country', 'lb'], { configDir: profileDir })).stdout).toBe('');
      expect((await session.run(['config', 'get', 'country'], { configDir: profileDir })).stdout).toBe('LB\n');
      const mark = session.mark();
      const ok = await session.run(['bookings', 'create', '--trip', trip, '--seats', '1', '--phone', '03 123 456'], {
        configDir: profileDir,
      });
      expect(ok.code, ok.stderr).toBe(0);
      expect(bodies(mark, 'POST', '/bookings')[0]).toMatchObject({ phone: '+9613123456' });
      const bad = await session.run(['bookings', 'create', '--trip', trip, '--seats', '1', '--phone', '03 12'], { configDir: profileDir });
      expect(bad.stderr).toContain('read in Lebanon (LB)');
      const refused = await session.run(['config', 'set', 'country', 'Syria'], { configDir: profileDir });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("country must be a two-letter ISO 3166 country code such as SY, not 'Syria'");
    } finally {
      rmSync(profileDir, { recursive: true, force: true });
    }
  });

  it('a CSV phone column takes local numbers too, and says which row is impossible', async () => {
    const file = join(dir, 'passengers.csv');
    writeFileSync(file, `trip,seats,phone\n${trip},1,0944 555 001\n${trip},1,0944 55\n`);
    const result = await session.run(['bookings', 'create', '--from-file', file, '--dry-run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}: line 3: phone: '0944 55' has too few digits for a mobile number in Syria (SY)`);
    writeFileSync(file, `trip,seats,phone\n${trip},1,0944 555 001\n`);
    const dry = await session.run(['bookings', 'create', '--from-file', file, '--dry-run']);
    expect(JSON.parse(dry.stdout).body).toMatchObject({ phone: '+963944555001' });
  });

  it('the boarding station finds a passenger by the phone typed at the door, written locally', async () => {
    const booked = await session.json<{ id: string }>(['bookings', 'create', '--trip', trip, '--seats', '1', '--phone', '0944 777 001']);
    expect((await session.run(['bookings', 'approve', booked.id])).code).toBe(0);
    const result = await session.run(['trips', 'board', trip, '--yes'], { input: '0944 777 001\n+963 944 777 001\n' });
    expect(result.stdout.split('\n').map((line) => line.split('\t').slice(0, 2))).toEqual([
      [booked.id, 'boarded'],
      [booked.id, 'already-boarded'],
      [''],
    ]);
  });

  it('members add reads the phone the same way', async () => {
    const mark = session.mark();
    const result = await session.run(['members', 'add', '--phone', '0933 000 101', '--role', 'driver']);
    expect(bodies(mark, 'POST', '/members')).toEqual([{ phone: '+963933000101', role: 'driver' }]);
    expect(result.code === 0 || result.code === 1 || result.code === 4, result.stderr).toBe(true);
  });
});

describe('cities as people write them', () => {
  let cities: Array<{ id: string; name: string; nameAr: string }>;
  beforeAll(async () => {
    cities = await session.json(['cities', 'list']);
  });

  it('every entry of the table of other names is a city of the sandbox', () => {
    const ids = new Set(cities.map((c) => c.id));
    for (const id of Object.keys(CITY_ALTERNATIVE_NAMES)) expect(ids.has(id), `city-names.ts names '${id}'`).toBe(true);
  });

  it('every spelling — id, name in any case, Arabic name, every other name of the table — finds its city', async () => {
    const spellings: Array<[string, string]> = [];
    for (const city of cities) {
      for (const name of [city.id, city.id.toUpperCase(), city.name, city.name.toLowerCase(), city.name.toUpperCase(), city.nameAr])
        spellings.push([name, city.id]);
      for (const name of CITY_ALTERNATIVE_NAMES[city.id] ?? []) spellings.push([name, city.id], [name.toUpperCase(), city.id]);
    }
    // The one resolver every door uses, over the sandbox's own list of cities.
    const t = testContext({ env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full } });
    try {
      const { resolver } = toolsFor(t.ctx);
      for (const [typed, id] of spellings) expect(await resolver.city('--from', typed), typed).toBe(id);
    } finally {
      t.cleanup();
    }
  });

  it.each([
    ['Suwayda', 'suwayda'],
    ['SUWAYDA', 'suwayda'],
    ['السويداء', 'suwayda'],
    ['Sweida', 'suwayda'],
    ['Deir al-Zor', 'deir-ez-zor'],
    ['Qamishly', 'qamishli'],
    ['hims', 'homs'],
    ['Halab', 'aleppo'],
  ])('a list filter: trips list --from %s asks for %s', async (typed, id) => {
    const mark = session.mark();
    const result = await session.run(['trips', 'list', '--from', typed, '--limit', '1', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(
      session
        .since(mark)
        .filter((r) => r.path.endsWith('/trips'))
        .map((r) => r.query.fromCityId),
    ).toEqual([id]);
  });

  it('a typo in a flag is exit 2 with did-you-mean, before the trip is sent', async () => {
    const mark = session.mark();
    const result = await session.run([...PUBLISH, '--from', 'Damascos', '--to', 'Halab', '--price', '100']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("tripctl: --from: no city 'Damascos'; did you mean 'Damascus'?");
    expect(session.since(mark).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a typo in a CSV cell names its line and the nearest city', async () => {
    const file = join(dir, 'typo.csv');
    writeFileSync(file, 'vehicle,from,to,departure,price\nDAM-123456,Homs,Lattakiaa,2027-03-05 08:00,100\n');
    const result = await session.run(['trips', 'publish', '--from-file', file, '--dry-run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}: line 2: to: no city 'Lattakiaa'; did you mean 'Latakia'?`);
  });
});
