// "An id whole, or its first 8 characters as tables show it" at the doors a hostile user found
// refusing it: --vehicle and --driver (flag and sheet cell), the `id` cell of trips publish
// --from-file, --endpoint of webhooks listen and verify (among the kept secrets), a schedule's
// exception, and a whole id typed in Arabic-Indic digits. In-process, against the sandbox.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../src/webhooks/signature.js';
import { testContext } from '../support/context.js';
import { pipedRows } from '../support/piped.js';
import { fileSession, newTrip, sandboxApi } from '../support/sandbox.js';
import { confirms, openMcp, sandboxProfile } from '../mcp/support.js';
import { deliver, startListen } from '../webhooks/in-process.js';

const file = fileSession();
const run = (args: string[]) => file.session.run(args);
const api = (method: string, path: string, body?: unknown) => sandboxApi(file.session.sandbox)(method, path, body);
const writes = (mark: number) =>
  file.session
    .since(mark)
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.path}`);
const arabic = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

interface Member {
  id: string;
  role: string;
}
let vehicleId: string;
let driver: Member;
let notDriver: Member;

beforeAll(async () => {
  const { vehicles } = await api('GET', '/vehicles');
  vehicleId = vehicles[vehicles.length - 1].id;
  const { members } = (await api('GET', '/members')) as { members: Member[] };
  driver = members.find((m) => m.role === 'driver')!;
  notDriver = members.find((m) => m.role !== 'driver')!;
  expect(driver && notDriver).toBeTruthy();
});

describe('--vehicle and --driver by the start of an id', () => {
  it('trips update sets the vehicle and the driver a start stands for', async () => {
    const trip = await newTrip(file.session.sandbox, { toCityId: 'homs', departureAt: '2027-08-01T05:00:00Z' });
    const vehicleOnly = await run(['trips', 'update', trip.id.slice(0, 8), '--vehicle', vehicleId.slice(0, 8).toUpperCase(), '--yes']);
    expect(vehicleOnly.code, vehicleOnly.stderr).toBe(0);
    expect((await api('GET', `/trips/${trip.id}`)).trip.vehicleId).toBe(vehicleId);
    const mark = file.session.mark();
    const updated = await run(['trips', 'update', trip.id.slice(0, 8), '--driver', driver.id.slice(0, 8), '--yes']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(writes(mark)).toEqual([`PATCH /trips/${trip.id}`]);
    const { trip: after } = await api('GET', `/trips/${trip.id}`);
    expect([after.vehicleId, after.driverId]).toEqual([vehicleId, driver.id]);
  });

  it('a member by the start of their id who does not drive is refused, nothing sent', async () => {
    const trip = await newTrip(file.session.sandbox, { toCityId: 'homs', departureAt: '2027-08-02T05:00:00Z' });
    const mark = file.session.mark();
    const refused = await run(['trips', 'update', trip.id, '--driver', notDriver.id.slice(0, 8), '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('not driver');
    expect(refused.stderr).toContain(`tripctl members update ${notDriver.id} --role driver`);
    expect(writes(mark)).toEqual([]);
  });

  it('a whole id in Arabic-Indic digits is read as the id, as a path argument and as --vehicle', async () => {
    const trip = await newTrip(file.session.sandbox, { toCityId: 'homs', departureAt: '2027-08-03T05:00:00Z' });
    expect(arabic(trip.id)).not.toBe(trip.id);
    const got = await run(['trips', 'get', arabic(trip.id), '-o', 'json']);
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout).id).toBe(trip.id);
    const updated = await run(['trips', 'update', arabic(trip.id), '--vehicle', arabic(vehicleId), '--yes']);
    expect(updated.code, updated.stderr).toBe(0);
    expect((await api('GET', `/trips/${trip.id}`)).trip.vehicleId).toBe(vehicleId);
  });
});

describe('trips publish --from-file', () => {
  it('an id cell, and a vehicle cell, with the start tables show name their trip and vehicle', async () => {
    const path = join(file.session.configDir, 'sheet.csv');
    const { vehicles } = await api('GET', '/vehicles');
    const plate = vehicles[0].plate as string;
    writeFileSync(path, ['vehicle,from,to,departure,price', `${plate},Damascus,Aleppo,2027-08-10 08:00,30000`].join('\n'));
    const first = await run(['trips', 'publish', '--from-file', path, '--tz', 'Asia/Damascus']);
    expect(first.code, first.stderr).toBe(0);
    const id = pipedRows(first.stdout)[0]![1]!;
    writeFileSync(
      path,
      ['id,vehicle,from,to,departure,price', `${id.slice(0, 8)},${vehicles[0].id.slice(0, 8)},Damascus,Aleppo,2027-08-10 08:00,35000`].join(
        '\n',
      ),
    );
    const mark = file.session.mark();
    const updated = await run(['trips', 'publish', '--from-file', path, '--update', '--tz', 'Asia/Damascus']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(writes(mark)).toEqual([`PATCH /trips/${id}`]);
    expect((await api('GET', `/trips/${id}`)).trip.pricePerSeat).toBe(3_500_000);

    writeFileSync(path, ['id,vehicle,from,to,departure,price', `tomorrow,${plate},Damascus,Aleppo,2027-08-10 08:00,35000`].join('\n'));
    const bad = await run(['trips', 'publish', '--from-file', path, '--update', '--tz', 'Asia/Damascus']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("id: 'tomorrow' is not an id");
  });
});

describe('--endpoint of webhooks verify and listen: a start among the endpoints whose secret is kept', () => {
  const BODY = Buffer.from('{"id":"evt_ids","event":"booking.approved","data":{"id":"x"}}');
  let endpointId: string;
  let secret: string;

  beforeAll(async () => {
    const created = await run(['webhooks', 'create', '--url', 'https://h.example/ids', '--events', 'booking.approved']);
    expect(created.code, created.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(file.session.configDir, 'config.json'), 'utf8'));
    const kept = Object.entries(config.profiles.default.webhookSecrets as Record<string, string>);
    expect(kept).toHaveLength(1);
    [[endpointId, secret]] = kept as [[string, string]];
  });

  it('verify checks with the kept secret of the endpoint the start names, without a request', async () => {
    const body = join(file.session.configDir, 'body.json');
    writeFileSync(body, BODY);
    const mark = file.session.mark();
    const verified = await run([
      'webhooks',
      'verify',
      '--endpoint',
      endpointId.slice(0, 8),
      '--signature',
      sign(secret, BODY),
      '--payload-file',
      body,
    ]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(file.session.since(mark)).toEqual([]);
    const other = endpointId.startsWith('f') ? '0000000a' : 'fffffffa';
    const none = await run(['webhooks', 'verify', '--endpoint', other, '--signature', sign(secret, BODY), '--payload-file', body]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`no signing secret kept for an endpoint whose id starts with ${other} in profile 'default'`);
    expect(none.stderr).toContain(endpointId);
    expect(none.stderr).not.toContain(secret);
  });

  it('listen --endpoint verifies deliveries with the secret kept for the endpoint the start names', async () => {
    const { sandbox, configDir } = file.session;
    const { url, stop } = await startListen(
      (signal) => testContext({ signal, configDir, env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full } }),
      ['--endpoint', endpointId.slice(0, 8)],
    );
    expect(await deliver(url, BODY, 'evt_ids', secret)).toBe(200);
    expect(await deliver(url, BODY, 'evt_ids_2', 'whsec_another_endpoint_secret_000000')).toBe(400);
    expect(await stop()).toBe(0);
  });
});

describe('schedules exceptions remove', () => {
  it('takes the start of the schedule id and of the exception id, listed from the schedule', async () => {
    const { schedules } = await api('GET', '/schedules');
    const scheduleId = schedules[0].id as string;
    const { exception } = await api('POST', `/schedules/${scheduleId}/exceptions`, { date: '2027-09-01', kind: 'skip' });
    const mark = file.session.mark();
    const removed = await run(['schedules', 'exceptions', 'remove', scheduleId.slice(0, 8), exception.id.slice(0, 8), '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout + removed.stderr).toContain(`Removed exception ${exception.id}.`);
    expect(writes(mark)).toEqual([`DELETE /schedules/${scheduleId}/exceptions/${exception.id}`]);

    const gone = await run(['schedules', 'exceptions', 'remove', scheduleId.slice(0, 8), exception.id.slice(0, 8), '--yes']);
    expect(gone.code).toBe(5);
    expect(gone.stderr).toContain(`no exception id starts with ${exception.id.slice(0, 8)}`);
    expect(gone.stderr).toContain(`tripctl schedules get ${scheduleId}`);
  });
});

describe('an MCP argument', () => {
  it('trips_update takes the trip and its vehicle by the start of their ids', async () => {
    sandboxProfile(file.session);
    const trip = await newTrip(file.session.sandbox, { toCityId: 'homs', departureAt: '2027-08-04T05:00:00Z' });
    const m = await openMcp(file.session, { allowWrites: true, person: confirms });
    const answer = await m.call('trips_update', { tripId: trip.id.slice(0, 8), vehicle: vehicleId.slice(0, 8) });
    await m.close();
    expect(answer.isError, answer.text).toBe(false);
    expect((await api('GET', `/trips/${trip.id}`)).trip.vehicleId).toBe(vehicleId);
  });
});
