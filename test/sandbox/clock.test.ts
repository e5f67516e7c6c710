// The sandbox clock moves webhook retries too: advancing it past three retry gaps runs attempts
// 2, 3 and 4 at once, in order, each as of when it fell due, and leaves the 5th due ahead of the
// clock. Real waits here (time scale 1): without the catch-up, nothing would arrive for 10 s.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, expect, it } from 'vitest';

import type { Sandbox } from '../../src/sandbox/index.js';
import { type Client, open } from './http.js';

let sandbox: Sandbox;
let client: Client;
let receiver: http.Server;
const arrivals: Array<{ delivery: string; body: string }> = [];

beforeAll(async () => {
  ({ sandbox, client } = await open({ timeScale: 1 }));
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      arrivals.push({ delivery: String(req.headers['x-service-delivery']), body });
      res.statusCode = 500;
      res.end('down for maintenance');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const clockNow = async () => Date.parse((await client.admin('GET', '/clock')).body.clock.now);

async function deliveries(id: string): Promise<any[]> {
  const answer = await client.api('GET', `/webhooks/${id}/deliveries`);
  expect(answer.status).toBe(200);
  return answer.body.deliveries;
}

/** Every nextAttemptAt is ahead of the sandbox clock, and only the newest attempt has one. */
async function expectAhead(records: any[]): Promise<void> {
  const now = await clockNow();
  records.forEach((r, i) => {
    if (i > 0) expect(r.nextAttemptAt).toBeNull();
    if (r.nextAttemptAt !== null) expect(Date.parse(r.nextAttemptAt)).toBeGreaterThan(now);
  });
}

it('runs the retries that fall due in skipped time, in order, and keeps nextAttemptAt ahead of the clock', async () => {
  const { port } = receiver.address() as AddressInfo;
  const created = await client.api('POST', '/webhooks', { body: { url: `http://127.0.0.1:${port}/hook`, events: ['trip.*'] } });
  expect(created.status).toBe(201);
  const id = created.body.endpoint.id;
  expect((await client.api('POST', `/webhooks/${id}/test`)).status).toBe(202);
  let records = await deliveries(id);
  while (records.length === 0) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    records = await deliveries(id);
  }
  const [first] = records;
  expect(first).toMatchObject({ attempt: 1, status: 'failed', deliveryStatus: 'pending', responseStatus: 500 });
  expect(Date.parse(first.nextAttemptAt) - Date.parse(first.attemptedAt)).toBeGreaterThanOrEqual(10_000);
  await expectAhead(records);

  // Past three gaps (10 s, 30 s, 120 s), short of the fourth (300 s).
  expect((await client.admin('POST', '/clock', { advanceSeconds: 10 + 30 + 120 + 5 })).status).toBe(200);
  records = await deliveries(id);
  expect(records.map((r) => [r.attempt, r.status, r.deliveryStatus])).toEqual([
    [4, 'failed', 'pending'],
    [3, 'failed', 'pending'],
    [2, 'failed', 'pending'],
    [1, 'failed', 'pending'],
  ]);
  // Each ran as of when it fell due: the documented gaps apart, starting at the first's nextAttemptAt.
  const at = records.map((r) => Date.parse(r.attemptedAt)).reverse();
  expect(at[1]).toBe(Date.parse(first.nextAttemptAt));
  expect(at[2]! - at[1]!).toBe(30_000);
  expect(at[3]! - at[2]!).toBe(120_000);
  expect(Date.parse(records[0].nextAttemptAt) - at[3]!).toBe(300_000);
  await expectAhead(records);
  // The receiver got the four attempts, in order, the same delivery each time.
  expect(arrivals).toHaveLength(4);
  expect(new Set(arrivals.map((a) => a.delivery)).size).toBe(1);
  expect(new Set(arrivals.map((a) => a.body)).size).toBe(1);

  // Past the last gap: the fifth attempt ends the delivery, failed.
  expect((await client.admin('POST', '/clock', { advanceSeconds: 300 })).status).toBe(200);
  records = await deliveries(id);
  expect(records.map((r) => r.attempt)).toEqual([5, 4, 3, 2, 1]);
  expect(records.every((r) => r.status === 'failed' && r.deliveryStatus === 'failed' && r.nextAttemptAt === null)).toBe(true);
  expect(arrivals).toHaveLength(5);
}, 60_000);
