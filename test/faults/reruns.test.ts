// Re-runs that must never duplicate. The same CSV saved by another editor (CRLF or LF inside a
// quoted note, white space around cells, names composed or decomposed) is the same file: the same
// requests and idempotency keys. Three `trips publish --from-file` runs that overlap (cron jobs),
// through a slow link, create each trip once: they take turns per company.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTripctl } from '../support/cli.js';
import { startCheckedSandbox } from '../support/sandbox.js';
import { startHostileServer, type HostileServer } from './hostile-server.js';
import { cli, lines, trip, uuidFor } from './support.js';

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

/** A TCP link that holds every chunk from the service for `delayMs`: a slow line between cron and the service. */
class SlowLink {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(
    private readonly targetPort: number,
    private readonly delayMs: number,
  ) {}
  async start(): Promise<this> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => this.sockets.delete(socket));
      }
      client.pipe(upstream);
      upstream.on('data', (chunk: Buffer) => setTimeout(() => client.write(chunk), this.delayMs));
      upstream.on('end', () => setTimeout(() => client.end(), this.delayMs));
      client.on('close', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

describe('three trips publish --from-file runs at once (built bin, a slow link)', () => {
  it('create each trip once; every run ends 0', async () => {
    const sandbox = await startCheckedSandbox({ port: 0, timeScale: 0.001 });
    const service = new URL(sandbox.baseUrl);
    const link = await new SlowLink(Number(service.port), 150).start();
    try {
      const vehicles = (await (
        await fetch(`${sandbox.baseUrl}/vehicles`, { headers: { authorization: `Bearer ${sandbox.keys.full}` } })
      ).json()) as {
        vehicles: Array<{ id: string }>;
      };
      const vehicle = vehicles.vehicles[0]!.id;
      const file = join(dir, 'timetable.csv');
      writeFileSync(
        file,
        [
          'vehicle,from,to,departure,pricePerSeat',
          `${vehicle},damascus,homs,2027-05-01 08:00,1500000`,
          `${vehicle},homs,damascus,2027-05-01 16:00,1500000`,
        ].join('\n'),
      );
      const baseUrl = `${service.protocol}//127.0.0.1:${link.port}${service.pathname}`;
      const runs = Array.from({ length: 3 }, () => {
        const child = spawnTripctl(['trips', 'publish', '--from-file', file, '--tz', 'Asia/Damascus'], {
          configDir: dir,
          env: { TRIPCTL_BASE_URL: baseUrl, TRIPCTL_API_KEY: sandbox.keys.full },
        });
        let out = '';
        let err = '';
        child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
        child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
        child.stdin!.end();
        return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
          child.on('close', (code) => resolve({ code, out, err })),
        );
      });
      const results = await Promise.all(runs);
      for (const result of results) expect(result.code, result.err).toBe(0);
      const posts = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/trips');
      expect(posts).toHaveLength(2);
      const outcomes = results.flatMap((r) => lines(r.out).map((line) => line.split('\t')[2]));
      expect(outcomes.sort()).toEqual(['created', 'created', 'unchanged', 'unchanged', 'unchanged', 'unchanged']);
    } finally {
      await link.close();
      await sandbox.close();
    }
  }, 60_000);
});
