// Two boarding stations of the built tool, offline, sharing one journal and killed mid-way: the
// journal holds every scan of both (they take turns on it under a lock).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnTripctl, waitForLine } from '../support/cli.js';
import { startHostileServer, type HostileServer } from '../faults/hostile-server.js';
import { uuidFor } from '../faults/support.js';

let server: HostileServer;
let dir: string;
beforeEach(async () => {
  server = await startHostileServer();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-process-station-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const TRIP = uuidFor(1);
const [A, B, C] = [uuidFor(101), uuidFor(102), uuidFor(103)];
const journalPath = () => join(dir, 'boarding', `${TRIP}.json`);
const journal = () => JSON.parse(readFileSync(journalPath(), 'utf8')) as { pending: Array<{ bookingId: string }> };

/** A journal with a manifest of these passengers, as a station that loaded it online left it. */
function saveJournal(ids: string[]): void {
  mkdirSync(join(dir, 'boarding'), { recursive: true, mode: 0o700 });
  const departureAt = new Date(Date.now() + 3_600_000).toISOString();
  const passengers = ids.map((id) => ({
    bookingId: id,
    fullName: `Passenger ${id.slice(-3)}`,
    phone: '+963944000000',
    seats: 1,
    status: 'approved',
    boardedAt: null,
  }));
  const data = {
    version: 1,
    tripId: TRIP,
    baseUrl: server.baseUrl,
    trip: { route: 'Damascus → Aleppo', departureAt, status: 'published' },
    manifest: { loadedAt: new Date().toISOString(), passengers },
    pending: [],
  };
  writeFileSync(journalPath(), JSON.stringify(data), { mode: 0o600 });
}

describe('stations sharing one journal (built bin, real processes)', () => {
  it('two stations offline, each queues two, both killed: the journal holds all four', async () => {
    saveJournal([A, B, C]);
    // Every route the station calls hangs: both stations are offline.
    for (const route of ['GET /trips/*', 'GET /trips/*/manifest', 'GET /bookings/*', 'POST /bookings/*/boarded', 'GET /cities'])
      server.on(route, { fault: 'hang' });
    const D = uuidFor(104);
    const station = () =>
      spawnTripctl(['trips', 'board', TRIP, '--timeout', '1', '--yes'], {
        configDir: dir,
        env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: 'sk_live_faultsuite0123456789abcdef' },
      });
    const [one, two] = [station(), station()];
    try {
      const queued = (child: ReturnType<typeof station>, id: string) => waitForLine(child.stdout!, new RegExp(`^${id}\tqueued`), 15_000);
      // Both take their scans at the same moment, once both are offline.
      await Promise.all([waitForLine(one.stderr!, /^Boarding /, 15_000), waitForLine(two.stderr!, /^Boarding /, 15_000)]);
      one.stdin!.write(`${A}\n${B}\n`);
      two.stdin!.write(`${C}\n${D}\n`);
      await Promise.all([queued(one, B), queued(two, D)]);
    } finally {
      one.kill('SIGKILL');
      two.kill('SIGKILL');
    }
    expect(
      journal()
        .pending.map((p) => p.bookingId)
        .sort(),
    ).toEqual([A, B, C, D].sort());
  }, 30_000);
});
