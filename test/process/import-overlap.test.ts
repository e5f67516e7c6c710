// Three `trips publish --from-file` runs of the built tool that overlap (cron jobs), through a slow
// link, create each trip once: they take turns per company.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTripctl } from '../support/cli.js';
import { startCheckedSandbox } from '../support/sandbox.js';
import { lines } from '../faults/support.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tripctl-process-overlap-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
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
        const child = spawnTripctl(['trips', 'publish', '--from-file', file, '--tz', 'Asia/Damascus', '--verbose'], {
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
