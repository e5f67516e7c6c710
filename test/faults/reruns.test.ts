// Re-runs that must never duplicate. The same CSV saved by another editor (CRLF or LF inside a
// quoted note, white space around cells, names composed or decomposed) is the same file: the same
// requests and idempotency keys. (Overlapping runs of the built tool: test/process/import-overlap.test.ts.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from './hostile-server.js';
import { cli, lines, page, trip, uuidFor } from './support.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tripctl-faults-reruns-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the same file saved by another editor is the same file', () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer();
    server.on('GET /trips/*', { json: { trip: trip(1) } });
    // The trip has no bookings yet: every row is new (a re-run compares rows with its bookings).
    server.on('GET /bookings', { json: page('bookings', 1, 100, 0) });
  });
  afterAll(async () => {
    await server.close();
  });

  const TRIP = uuidFor(1);
  const saved = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const dryRun = async (file: string) => {
    const result = await cli(server, ['bookings', 'create', '--from-file', file, '--dry-run'], { configDir: dir });
    expect(result.code, result.stderr).toBe(0);
    return lines(result.stdout).map((line) => JSON.parse(line) as { idempotencyKey: string; body: Record<string, unknown> });
  };

  it('CRLF or LF, inside a quoted note too: the same keys and bodies', async () => {
    const rows = [
      'trip,seats,phone,name,note',
      `${TRIP},2,+963944000001,Rami Haddad,"Two bags,`,
      'one stop"',
      `${TRIP},1,+963944000002,Lina Khoury,`,
    ];
    const crlf = await dryRun(saved('crlf.csv', `${rows.join('\r\n')}\r\n`));
    const lf = await dryRun(saved('lf.csv', `${rows.join('\n')}\n`));
    expect(crlf).toHaveLength(2);
    expect(crlf[0]!.body.passengerNote).toBe('Two bags,\none stop');
    expect(lf.map((r) => r.idempotencyKey)).toEqual(crlf.map((r) => r.idempotencyKey));
    expect(lf.map((r) => r.body)).toEqual(crlf.map((r) => r.body));
  });

  it('white space around cells and a decomposed é: the same keys as the plain file', async () => {
    const plain = await dryRun(saved('plain.csv', `trip,seats,phone,name,note\n${TRIP},1,+963944000003,Zoé Haddad,Window seat\n`));
    const other = await dryRun(
      saved('other.csv', `trip,seats,phone,name,note\n${TRIP}, 1 ,+963944000003,"  Zoe\u0301 Haddad ","Window seat \r\n"\n`),
    );
    expect(other.map((r) => r.idempotencyKey)).toEqual(plain.map((r) => r.idempotencyKey));
    expect(other[0]!.body.fullName).toBe('Zoé Haddad');
  });
});
