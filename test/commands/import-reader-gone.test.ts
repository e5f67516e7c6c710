// The reader of stdout goes away mid-import (`… --from-file w.csv | head -1`): exit 130, and the
// rows a script must look at again are named on stderr by their lines, since a row has no id
// before it is created (they once read `- - - - - -`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ExitCode } from '../../src/errors.js';
import { testContext } from '../support/context.js';
import { type ScriptedServer, startScriptedServer } from '../support/scripted-server.js';

const TRIP = '00000000-0000-4000-8000-000000000001';
const trip = {
  id: TRIP,
  status: 'published',
  fromCityId: 'damascus',
  toCityId: 'aleppo',
  departureAt: '2027-12-01T08:30:00.000Z',
  pricePerSeat: 150000,
  totalSeats: 20,
  seatsBooked: 0,
  vehicleId: '00000000-0000-4000-8000-000000000900',
};

let server: ScriptedServer;
let dir: string;
afterEach(async () => {
  // The rows still in flight when the reader went away are never answered: the run gave up on them.
  await server?.close({ allowUnused: true });
  rmSync(dir, { recursive: true, force: true });
});

it('names the rows in flight by their lines, not `-`', async () => {
  server = await startScriptedServer();
  server.always('GET /trips/*', { body: { trip } });
  server.always('GET /bookings', { body: { bookings: [], meta: { page: 1, perPage: 100, total: 0, lastPage: 1 } } });
  // The first row is answered at once; the seven others are sent and left waiting.
  server.always('POST /bookings', (req) =>
    req.body.includes('+963944000001')
      ? { status: 201, body: { booking: { id: '00000000-0000-4000-8000-000000000101', tripId: TRIP, status: 'requested', seats: 1 } } }
      : { kind: 'hang' },
  );
  dir = mkdtempSync(join(tmpdir(), 'tripctl-reader-gone-'));
  const file = join(dir, 'w.csv');
  const rows = Array.from({ length: 8 }, (_, i) => `${TRIP},1,+96394400000${i + 1},Passenger ${i + 1}`);
  writeFileSync(file, `trip,seats,phone,name\n${rows.join('\n')}\n`);
  const controller = new AbortController();
  const t = testContext({
    signal: controller.signal,
    env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: 'sk_test_reader_gone_0000000000' },
  });
  try {
    const running = t.run(['bookings', 'create', '--from-file', file]);
    // `| head -1`: the first line read, the other rows sent, then the pipe closed.
    while (!t.out().includes('\n')) await new Promise((resolve) => setTimeout(resolve, 5));
    while (server.requests.filter((r) => r.method === 'POST').length < 8) await new Promise((resolve) => setTimeout(resolve, 5));
    // As on EPIPE in bin/tripctl: the stream's error is seen (io.ts), then the run is aborted (main.ts).
    const closed = new Promise((resolve) => t.stdout.once('error', resolve));
    t.stdout.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await closed;
    controller.abort();
    expect(await running, t.err()).toBe(ExitCode.interrupted);
    expect(t.out()).toBe('2\t00000000-0000-4000-8000-000000000101\tcreated\n');
    const err = t.err().trim().split('\n');
    expect(err).toContain('unknown (in flight when the reader went away): lines 3, 4, 5, 6, 7, 8, 9');
    expect(err).toContain('imported 1 of 8; 7 unknown (in flight when interrupted)');
  } finally {
    t.cleanup();
  }
});
