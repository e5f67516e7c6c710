// --data FILE: state survives a restart, is written atomically after each change, and a file
// that is not sandbox state is refused.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { Client, open } from './http.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tripctl-sandbox-data-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('--data FILE', () => {
  it('keeps state across a restart and leaves no temporary files', async () => {
    const file = join(dir, 'state.json');
    const first = await open({ dataFile: file });
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.version).toBe(1);
    const vehicle = (
      await first.client.api('POST', '/vehicles', { body: { make: 'Kia', model: 'Persist', seats: 5, plate: 'DAM-424242' } })
    ).body.vehicle;
    const endpoint = (await first.client.api('POST', '/webhooks', { body: { url: 'https://example.com/h', events: ['trip.*'] } })).body
      .endpoint;
    const booking = (await first.client.api('GET', '/bookings?status=requested')).body.bookings[0];
    await first.client.api('PATCH', `/bookings/${booking.id}`, { body: { status: 'approved' } });
    await first.client.admin('POST', '/clock', { advanceSeconds: 3600 });
    expect(JSON.parse(await readFile(file, 'utf8')).vehicles.some((v: any) => v.id === vehicle.id)).toBe(true);
    await first.sandbox.close();

    const second = await open({ dataFile: file });
    try {
      // The keys are part of the state now (issue 11): a profile saved for them survives a restart.
      expect(second.sandbox.keys.full).toBe(first.sandbox.keys.full);
      expect(second.sandbox.keys.readOnly).toBe(first.sandbox.keys.readOnly);
      expect((await second.client.api('GET', '/vehicles')).body.vehicles.find((v: any) => v.id === vehicle.id)).toMatchObject({
        plate: 'DAM-424242',
      });
      expect((await second.client.api('GET', `/bookings/${booking.id}`)).body.booking.status).toBe('approved');
      expect((await second.client.api('GET', '/webhooks')).body.endpoints.map((e: any) => e.id)).toEqual([endpoint.id]);
      expect((await second.client.admin('GET', '/clock')).body.clock.offsetSeconds).toBe(3600);
    } finally {
      await second.sandbox.close();
    }
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('does not write on refused requests or reads, and reset writes fresh seed data', async () => {
    const file = join(dir, 'state.json');
    const { sandbox, client } = await open({ dataFile: file });
    try {
      const before = await readFile(file, 'utf8');
      await client.api('GET', '/trips');
      await client.api('POST', '/vehicles', { body: { make: 'Kia', model: 'Rio', seats: 40 } });
      expect(await readFile(file, 'utf8')).toBe(before);
      await client.api('PATCH', '/company', { body: { description: 'changed' } });
      expect(JSON.parse(await readFile(file, 'utf8')).companies[0].description).toBe('changed');
      await client.admin('POST', '/reset');
      expect(JSON.parse(await readFile(file, 'utf8')).companies[0].description).not.toBe('changed');
    } finally {
      await sandbox.close();
    }
  });

  it('refuses a file that is not sandbox state', async () => {
    const file = join(dir, 'other.json');
    await writeFile(file, '{"hello": "world"}');
    await expect(startSandbox({ port: 0, dataFile: file })).rejects.toThrow(/not a tripctl sandbox state file/);
    await writeFile(file, 'not json');
    await expect(startSandbox({ port: 0, dataFile: file })).rejects.toThrow(/not readable as JSON/);
  });

  it('keeps everything in memory without --data', async () => {
    const { sandbox, client } = await open();
    try {
      expect((await client.api('PATCH', '/company', { body: { description: 'memory only' } })).status).toBe(200);
    } finally {
      await sandbox.close();
    }
    const again = await open();
    try {
      expect((await new Client(again.sandbox).api('GET', '/company')).body.company.description).not.toBe('memory only');
    } finally {
      await again.sandbox.close();
    }
  });
});
