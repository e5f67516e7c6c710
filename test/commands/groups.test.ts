// Every command group end to end: the built bin/tripctl against an in-process sandbox, checking
// what the sandbox received, the piped table and the JSON output, and the exit code.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type RecordedRequest, type SandboxSession } from '../support/sandbox.js';

let s: SandboxSession;
let work: string;

beforeAll(async () => {
  s = await openSession();
  work = mkdtempSync(join(tmpdir(), 'tripctl-files-'));
});
afterAll(async () => {
  await s?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs a command and returns what the sandbox received for it (look-ups included). */
async function sent(args: string[], opts: Parameters<SandboxSession['run']>[1] = {}) {
  const mark = s.mark();
  const result = await s.run(args, opts);
  return { ...result, requests: s.since(mark) };
}

const only = (requests: RecordedRequest[], method: string, path: RegExp | string) =>
  requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));

const rows = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('reference', () => {
  it('cities list: tab-separated rows when piped, an array with -o json', async () => {
    const piped = await sent(['cities', 'list']);
    expect(piped.code).toBe(0);
    expect(only(piped.requests, 'GET', '/cities')).toHaveLength(1);
    expect(rows(piped.stdout)).toContainEqual(['damascus', 'Damascus', 'دمشق']);
    const json = await s.json<Array<{ id: string }>>(['cities', 'list']);
    expect(json.map((c) => c.id)).toContain('homs');
  });

  it('places search sends the text and the city id resolved from its Arabic name', async () => {
    const result = await sent(['places', 'search', 'a', '--city', 'دمشق', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(only(result.requests, 'GET', '/places')[0]!.query).toEqual({ q: 'a', cityId: 'damascus' });
    const places = JSON.parse(result.stdout) as Array<{ pcode: string; cityId: string }>;
    expect(places.every((p) => p.cityId === 'damascus')).toBe(true);
  });
});

describe('company', () => {
  it('get, update, logo set and remove', async () => {
    const got = await sent(['company', 'get']);
    expect(got.code).toBe(0);
    expect(got.stdout).toMatch(/Qasioun Express/);

    const updated = await sent(['company', 'update', '--description', 'Daily coaches', '-o', 'json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(only(updated.requests, 'PATCH', '/company')[0]!.body)).toEqual({ description: 'Daily coaches' });
    expect(JSON.parse(updated.stdout).description).toBe('Daily coaches');

    const png = join(work, 'logo.png');
    writeFileSync(png, Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));
    const logo = await sent(['company', 'logo', 'set', png]);
    expect(logo.code, logo.stderr).toBe(0);
    expect(JSON.parse(only(logo.requests, 'POST', '/company/logo')[0]!.body).image).toBe(readFileSync(png).toString('base64'));

    const refused = await sent(['company', 'logo', 'remove']);
    expect(refused.code).toBe(2);
    expect(refused.requests).toEqual([]);
    const removed = await sent(['company', 'logo', 'remove', '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(only(removed.requests, 'DELETE', '/company/logo')).toHaveLength(1);
  });
});

describe('members', () => {
  it('add a registered user, change the role, remove', async () => {
    const added = await sent(['members', 'add', '--phone', '+963933000101', '--role', 'driver', '-o', 'json']);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(only(added.requests, 'POST', '/members')[0]!.body)).toEqual({ phone: '+963933000101', role: 'driver' });
    const member = JSON.parse(added.stdout) as { id: string; role: string };
    expect(member.role).toBe('driver');

    const list = await sent(['members', 'list']);
    expect(rows(list.stdout).some((r) => r[0] === member.id && r[1] === 'driver')).toBe(true);

    const updated = await sent(['members', 'update', member.id, '--role', 'staff', '-o', 'json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(only(updated.requests, 'PATCH', `/members/${member.id}`)[0]!.body)).toEqual({ role: 'staff' });

    const unknown = await sent(['members', 'add', '--phone', '+963999999999', '--role', 'staff']);
    expect(unknown.code).toBe(6);
    expect(unknown.stderr).toMatch(/^tripctl: .*\(HTTP 4\d\d, code \w+\)/);

    const removed = await sent(['members', 'remove', member.id, '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(only(removed.requests, 'DELETE', `/members/${member.id}`)).toHaveLength(1);
  });
});

describe('vehicles', () => {
  it('add, update by plate, remove; fleet is an alias', async () => {
    const added = await sent([
      'vehicles',
      'add',
      '--make',
      'Kia',
      '--model',
      'Granbird',
      '--seats',
      '20',
      '--year',
      '2020',
      '--plate',
      'HMS-777001',
      '--fuel-type',
      'diesel',
      '-o',
      'json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(only(added.requests, 'POST', '/vehicles')[0]!.body)).toEqual({
      make: 'Kia',
      model: 'Granbird',
      seats: 20,
      year: 2020,
      plate: 'HMS-777001',
      fuelType: 'diesel',
    });
    const vehicle = JSON.parse(added.stdout) as { id: string };

    const updated = await sent(['fleet', 'update', 'hms-777001', '--color', 'red', '-F', 'transmission=manual', '-o', 'json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(only(updated.requests, 'PATCH', `/vehicles/${vehicle.id}`)[0]!.body)).toEqual({
      color: 'red',
      transmission: 'manual',
    });

    const piped = await sent(['fleet', 'list']);
    expect(rows(piped.stdout).find((r) => r[0] === vehicle.id)?.[1]).toBe('HMS-777001');

    const removed = await sent(['vehicles', 'remove', 'HMS-777001', '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(only(removed.requests, 'DELETE', `/vehicles/${vehicle.id}`)).toHaveLength(1);
  });

  it('refuses to remove a vehicle on published trips (exit 6)', async () => {
    const removed = await sent(['vehicles', 'remove', 'DAM-123456', '--yes']);
    expect(removed.code).toBe(6);
    expect(removed.stderr).toMatch(/HTTP 409/);
  });
});

describe('trips', () => {
  let tripId: string;

  it('publish with handles; the body carries ids and an ISO departure with offset', async () => {
    const result = await sent([
      'trips',
      'publish',
      '--vehicle',
      'DAM-330127',
      '--from',
      'Damascus',
      '--to',
      'Aleppo',
      '--departure',
      `${day(5)} 07:15`,
      '--price',
      '25000',
      '--seats',
      '12',
      '--notes',
      'AC',
      '--tz',
      'Asia/Damascus',
      '-o',
      'json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const body = JSON.parse(only(result.requests, 'POST', '/trips')[0]!.body);
    expect(body).toMatchObject({
      fromCityId: 'damascus',
      toCityId: 'aleppo',
      departureAt: `${day(5)}T07:15:00+03:00`,
      pricePerSeat: 2500000,
      totalSeats: 12,
      notes: 'AC',
    });
    expect(body.vehicleId).toMatch(UUID);
    const trip = JSON.parse(result.stdout) as { id: string; status: string };
    expect(trip.status).toBe('published');
    tripId = trip.id;
  });

  it('a field given both by its flag and by -F or -f is refused before any request, looked up or not', async () => {
    for (const [flag, hatch, field] of [
      [['--from', 'Damascus'], ['-F', 'fromCityId=homs'], 'fromCityId'],
      [['--notes', 'x'], ['-f', 'notes=y'], 'notes'],
    ] as const) {
      const result = await sent(['trips', 'update', tripId, ...flag, ...hatch, '-o', 'json']);
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n')[0]).toBe(`tripctl: ${flag[0]} and ${hatch[0]} ${field} both set ${field}: give one of them`);
      expect(result.requests).toEqual([]);
    }
    // Each alone is sent as given.
    const alone = await sent(['trips', 'update', tripId, '-F', 'fromCityId=homs', '-f', 'notes=y', '-o', 'json']);
    expect(alone.code, alone.stderr).toBe(0);
    expect(JSON.parse(only(alone.requests, 'PATCH', `/trips/${tripId}`)[0]!.body)).toEqual({ fromCityId: 'homs', notes: 'y' });
  });

  it('list filters by status and city; ids output; --limit', async () => {
    const result = await sent(['trips', 'list', '--status', 'published', '--from', 'Damascus', '--limit', '3', '-o', 'ids']);
    expect(result.code, result.stderr).toBe(0);
    expect(only(result.requests, 'GET', '/trips')[0]!.query).toMatchObject({ status: 'published', fromCityId: 'damascus' });
    const ids = result.stdout.trim().split('\n');
    expect(ids.length).toBeLessThanOrEqual(3);
    expect(ids.every((id) => UUID.test(id))).toBe(true);
  });

  it('--all streams every page as ndjson', async () => {
    const all = await sent(['trips', 'list', '--all', '-o', 'ndjson']);
    expect(all.code, all.stderr).toBe(0);
    const lines = all.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string });
    expect(new Set(lines.map((t) => t.id)).size).toBe(lines.length);
    const total = (await s.json<unknown>(['api', 'GET', '/trips', '--param', 'perPage=1'])) as { meta: { total: number } };
    expect(lines).toHaveLength(total.meta.total);
  });

  it('get, update, manifest, cancel (needs --yes), complete refuses a future trip', async () => {
    expect((await s.json<{ id: string }>(['trips', 'get', tripId])).id).toBe(tripId);
    const updated = await sent(['trips', 'update', tripId, '--price', '26000', '-o', 'json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(only(updated.requests, 'PATCH', `/trips/${tripId}`)[0]!.body)).toEqual({ pricePerSeat: 2600000 });

    const manifest = await sent(['trips', 'manifest', tripId, '-o', 'json']);
    expect(manifest.code, manifest.stderr).toBe(0);
    expect(Array.isArray(JSON.parse(manifest.stdout))).toBe(true);

    const early = await sent(['trips', 'complete', tripId]);
    expect(early.code).toBe(6);

    expect((await sent(['trips', 'cancel', tripId])).code).toBe(2);
    const cancelled = await sent(['trips', 'cancel', tripId, '--yes']);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(only(cancelled.requests, 'DELETE', `/trips/${tripId}`)).toHaveLength(1);
    expect((await s.json<{ status: string }>(['trips', 'get', tripId])).status).toBe('cancelled');
  });

  it('complete marks a trip that has run', async () => {
    const past = await s.json<Array<{ id: string; departureAt: string }>>(['trips', 'list', '--status', 'published', '--all']);
    const ran = past.find((t) => Date.parse(t.departureAt) < Date.now());
    expect(ran, 'the seed has a published trip that already departed').toBeDefined();
    const done = await sent(['trips', 'complete', ran!.id, '-o', 'json']);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout).status).toBe('completed');
  });
});

describe('schedules', () => {
  let scheduleId: string;

  it('create weekly with weekday names; the body has numbers', async () => {
    const members = await s.json<Array<{ id: string; role: string }>>(['members', 'list']);
    const driver = members.find((m) => m.role === 'driver')!;
    const result = await sent([
      'schedules',
      'create',
      '--vehicle',
      'DAM-204518',
      '--driver',
      driver.id,
      '--from',
      'Homs',
      '--to',
      'Latakia',
      '--price',
      '18000',
      '--recurrence',
      'weekly',
      '--weekdays',
      'sun,wed',
      '--time',
      '06:45',
      '--starts-on',
      day(1),
      '--horizon-days',
      '14',
      '-o',
      'json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const body = JSON.parse(only(result.requests, 'POST', '/schedules')[0]!.body);
    expect(body).toMatchObject({
      driverId: driver.id,
      fromCityId: 'homs',
      toCityId: 'latakia',
      recurrence: 'weekly',
      weekdays: [0, 3],
      departureTime: '06:45',
      startsOn: day(1),
      horizonDays: 14,
    });
    scheduleId = (JSON.parse(result.stdout) as { id: string }).id;
  });

  it('pause and resume toggle only when needed', async () => {
    const first = await sent(['schedules', 'pause', scheduleId]);
    expect(first.code, first.stderr).toBe(0);
    expect(only(first.requests, 'POST', `/schedules/${scheduleId}/toggle`)).toHaveLength(1);
    const again = await sent(['schedules', 'pause', scheduleId]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/already paused/);
    expect(only(again.requests, 'POST', `/schedules/${scheduleId}/toggle`)).toHaveLength(0);
    const resumed = await sent(['schedules', 'resume', scheduleId, '-o', 'json']);
    expect(JSON.parse(resumed.stdout).active).toBe(true);
    const toggled = await sent(['schedules', 'toggle', scheduleId, '-o', 'json']);
    expect(JSON.parse(toggled.stdout).active).toBe(false);
  });

  it('update, exceptions add/remove, list, get, delete', async () => {
    const updated = await sent(['schedules', 'update', scheduleId, '--price', '19000', '--weekdays', '1,5', '-o', 'json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(only(updated.requests, 'PATCH', `/schedules/${scheduleId}`)[0]!.body)).toEqual({
      pricePerSeat: 1900000,
      weekdays: [1, 5],
    });

    const skip = await sent(['schedules', 'exceptions', 'add', scheduleId, '--date', day(3), '--skip', '-o', 'json']);
    expect(skip.code, skip.stderr).toBe(0);
    expect(JSON.parse(only(skip.requests, 'POST', `/schedules/${scheduleId}/exceptions`)[0]!.body)).toEqual({ date: day(3), kind: 'skip' });
    const extra = await sent(['schedules', 'exceptions', 'add', scheduleId, '--date', day(4), '--extra', '--time', '18:00', '-o', 'json']);
    expect(JSON.parse(only(extra.requests, 'POST', `/schedules/${scheduleId}/exceptions`)[0]!.body)).toEqual({
      date: day(4),
      kind: 'extra',
      departureTime: '18:00',
    });
    const exception = JSON.parse(extra.stdout) as { id: string };

    const got = await s.json<{ exceptions: Array<{ id: string }> }>(['schedules', 'get', scheduleId]);
    expect(got.exceptions.map((e) => e.id)).toContain(exception.id);
    const removed = await sent(['schedules', 'exceptions', 'remove', scheduleId, exception.id]);
    expect(removed.code, removed.stderr).toBe(0);

    const list = await sent(['schedules', 'list']);
    expect(rows(list.stdout).some((r) => r[0] === scheduleId)).toBe(true);
    const deleted = await sent(['schedules', 'delete', scheduleId, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(only(deleted.requests, 'DELETE', `/schedules/${scheduleId}`)).toHaveLength(1);
  });
});

describe('bookings', () => {
  let tripId: string;
  let bookingId: string;

  beforeAll(async () => {
    const trip = await s.json<{ id: string }>([
      'trips',
      'publish',
      '--vehicle',
      'DAM-123456',
      '--from',
      'Damascus',
      '--to',
      'Homs',
      '--departure',
      `${day(6)}T09:00:00Z`,
      '--price',
      '9000',
    ]);
    tripId = trip.id;
  });

  it('create sends an Idempotency-Key and the documented fields', async () => {
    const result = await sent([
      'bookings',
      'create',
      '--trip',
      tripId,
      '--seats',
      '2',
      '--phone',
      '+963944555666',
      '--name',
      'Rana Aziz',
      '--note',
      'window',
      '--group',
      'family',
      '-o',
      'json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const request = only(result.requests, 'POST', '/bookings')[0]!;
    expect(request.headers['idempotency-key']).toMatch(/\S{8,}/);
    expect(JSON.parse(request.body)).toEqual({
      tripId,
      seats: 2,
      phone: '+963944555666',
      fullName: 'Rana Aziz',
      passengerNote: 'window',
      groupName: 'family',
    });
    const booking = JSON.parse(result.stdout) as { id: string; status: string; source: string };
    expect(booking).toMatchObject({ status: 'requested', source: 'partner_api' });
    bookingId = booking.id;
  });

  it('the same --idempotency-key replays the first booking', async () => {
    const args = [
      'bookings',
      'create',
      '--trip',
      tripId,
      '--seats',
      '1',
      '--phone',
      '+963944555667',
      '--idempotency-key',
      'order-1001',
      '-o',
      'json',
    ];
    const first = JSON.parse((await s.run(args)).stdout) as { id: string };
    const second = await sent(args);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout).id).toBe(first.id);
    const other = await sent([
      'bookings',
      'create',
      '--trip',
      tripId,
      '--seats',
      '3',
      '--phone',
      '+963944555667',
      '--idempotency-key',
      'order-1001',
    ]);
    expect(other.code).toBe(6);
    expect(other.stderr).toMatch(/HTTP 409/);
  });

  it('list, get (with trip and passenger), approve, board, ticket', async () => {
    const listed = await sent(['bookings', 'list', '--trip', tripId, '--status', 'requested', '-o', 'ids']);
    expect(listed.stdout.trim().split('\n')).toContain(bookingId);
    expect(only(listed.requests, 'GET', '/bookings')[0]!.query).toMatchObject({ tripId, status: 'requested' });

    const got = await s.json<{ id: string; passenger?: unknown; trip?: unknown }>(['bookings', 'get', bookingId]);
    expect(got.id).toBe(bookingId);
    expect(got.trip).toBeDefined();

    const approved = await sent(['bookings', 'approve', bookingId]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toBe(`${bookingId}\tapproved\n`);
    expect(JSON.parse(only(approved.requests, 'PATCH', `/bookings/${bookingId}`)[0]!.body)).toEqual({ status: 'approved' });

    const boarded = await sent(['bookings', 'board', bookingId, '-o', 'json']);
    expect(boarded.code, boarded.stderr).toBe(0);
    expect(only(boarded.requests, 'POST', `/bookings/${bookingId}/boarded`)).toHaveLength(1);
    expect(JSON.parse(boarded.stdout)).toMatchObject([{ id: bookingId, ok: true }]);

    const ticket = await sent(['bookings', 'ticket', bookingId]);
    expect(ticket.code, ticket.stderr).toBe(0);
    expect(ticket.stdout).toMatch(/^qr\t\S+/m);
    const payload = await s.json<{ qr: string }>(['bookings', 'ticket', bookingId]);
    expect(typeof payload.qr).toBe('string');

    const manifest = await s.json<Array<Record<string, unknown>>>(['trips', 'manifest', tripId]);
    expect(JSON.stringify(manifest)).toContain('Rana Aziz');
  });

  it('reject, cancel and no-show move other bookings; a wrong move is exit 6', async () => {
    const make = async (phone: string) =>
      (await s.json<{ id: string }>(['bookings', 'create', '--trip', tripId, '--seats', '1', '--phone', phone])).id;
    const [a, b, c] = [await make('+963944555601'), await make('+963944555602'), await make('+963944555603')];
    expect((await s.run(['bookings', 'reject', a])).code).toBe(0);
    expect((await s.run(['bookings', 'cancel', b])).code).toBe(0);
    await s.run(['bookings', 'approve', c]);
    const noShow = await sent(['bookings', 'no-show', c]);
    expect(noShow.code, noShow.stderr).toBe(0);
    expect(only(noShow.requests, 'POST', `/bookings/${c}/no-show`)).toHaveLength(1);
    const again = await sent(['bookings', 'approve', a]);
    expect(again.code).toBe(6);
    expect(again.stdout).toMatch(new RegExp(`^${a}\terror\t.*HTTP 409`));
  });
});

describe('payments, reports, reviews', () => {
  it('payments list/get, payouts list', async () => {
    const payments = await s.json<Array<{ id: string }>>(['payments', 'list', '--per-page', '5']);
    expect(payments.length).toBeGreaterThan(0);
    const piped = await sent(['payments', 'list', '--per-page', '5']);
    expect(only(piped.requests, 'GET', '/payments')[0]!.query).toMatchObject({ perPage: '5' });
    expect(rows(piped.stdout)[0]![0]).toMatch(UUID);
    expect((await s.json<{ id: string }>(['payments', 'get', payments[0]!.id])).id).toBe(payments[0]!.id);
    const payouts = await sent(['payouts', 'list']);
    expect(payouts.code, payouts.stderr).toBe(0);
    expect(rows(payouts.stdout).length).toBeGreaterThan(0);
  });

  it('payments invoice saves a PDF atomically and prints only its path', async () => {
    const [payment] = await s.json<Array<{ id: string }>>(['payments', 'list', '--per-page', '1']);
    const result = await s.run(['payments', 'invoice', payment!.id], { cwd: work });
    expect(result.code, result.stderr).toBe(0);
    const path = result.stdout.trim();
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    expect(readdirSync(work).some((f) => f.endsWith('.part'))).toBe(false);
    const again = await s.run(['payments', 'invoice', payment!.id], { cwd: work });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/--force/);
    expect((await s.run(['payments', 'invoice', payment!.id, '--force'], { cwd: work })).code).toBe(0);
  });

  it.each(['csv', 'xlsx', 'pdf'])('reports export --format %s', async (format) => {
    const file = join(work, `bookings.${format}`);
    const result = await sent(['reports', 'export', '--type', 'bookings', '--format', format, '--file', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(only(result.requests, 'GET', '/reports/export')[0]!.query).toEqual({ type: 'bookings', format });
    expect(result.stdout).toBe(`${file}\n`);
    const head = readFileSync(file).subarray(0, 4);
    expect(head.toString('latin1')).toBe({ csv: head.toString('latin1'), xlsx: 'PK\u0003\u0004', pdf: '%PDF' }[format]);
    expect(existsSync(file)).toBe(true);
  });

  it('reports export --file - writes the bytes to stdout', async () => {
    const result = await s.run(['reports', 'export', '--type', 'routes', '--format', 'csv', '--file', '-']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\r\n').length).toBeGreaterThan(1);
  });

  it('dashboard, reports show, reviews list', async () => {
    const dashboard = await sent(['dashboard']);
    expect(dashboard.code, dashboard.stderr).toBe(0);
    expect(only(dashboard.requests, 'GET', '/dashboard')).toHaveLength(1);
    expect(dashboard.stdout.trim().length).toBeGreaterThan(0);
    expect(typeof (await s.json<object>(['reports', 'show']))).toBe('object');
    const reviews = await s.json<Array<{ rating: number }>>(['reviews', 'list']);
    expect(reviews.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
  });

  it('a read-only key is refused a write with exit 4', async () => {
    const result = await sent(['company', 'update', '--description', 'x'], { key: s.sandbox.keys.readOnly });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/HTTP 403/);
  });
});
