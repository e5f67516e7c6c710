// What the listener's per-delivery shortcuts must not change: header names are found in any
// case (the service's own spelling is only the fast path), and the piped line's time is exactly
// what toISOString says (it is made from a prefix kept for the second).
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { pipedLine } from '../../src/webhooks/listen-output.js';
import { type DeliveryEvent, Listener } from '../../src/webhooks/listener.js';
import { sign } from '../../src/webhooks/signature.js';

const SECRET = 'whsec_hot_path_test_secret_0123456789';

/** Posts with the header names exactly as given (a raw list: node changes neither case nor order). */
function post(url: string, body: Buffer, headers: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const raw = ['Host', new URL(url).host, ...headers, 'Content-Length', String(body.length)];
    const req = request(url, { method: 'POST', headers: raw as unknown as Record<string, string>, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let listener: Listener | undefined;
afterEach(async () => {
  await listener?.close();
});

describe('the listener reads its headers in any case', () => {
  it('verifies and names a delivery whatever the case of X-Service-Signature, -Event and -Delivery', async () => {
    listener = new Listener({ port: 0, secret: SECRET });
    const deliveries: DeliveryEvent[] = [];
    listener.on('delivery', (d) => deliveries.push(d));
    const url = await listener.start();
    const spellings = [
      ['X-Service-Signature', 'X-Service-Event', 'X-Service-Delivery'],
      ['x-service-signature', 'x-service-event', 'x-service-delivery'],
      ['X-SERVICE-SIGNATURE', 'X-SERVICE-EVENT', 'X-SERVICE-DELIVERY'],
      ['x-Service-signaturE', 'X-service-EVENT', 'X-SERVICE-delivery'],
    ];
    for (const [i, [signature, event, delivery]] of spellings.entries()) {
      const body = Buffer.from(`{"id":"evt_body_${i}","event":"booking.created","data":{"id":"b${i}","status":"requested"}}`);
      const status = await post(url, body, [event!, 'booking.approved', delivery!, `evt_header_${i}`, signature!, sign(SECRET, body)]);
      expect(status).toBe(200);
    }
    expect(deliveries.map((d) => [d.verdict, d.event, d.deliveryId])).toEqual(
      spellings.map((_, i) => ['valid', 'booking.approved', `evt_header_${i}`]),
    );
  });

  it('takes the first of a repeated signature header, so a second one cannot stand in for it', async () => {
    listener = new Listener({ port: 0, secret: SECRET });
    const deliveries: DeliveryEvent[] = [];
    listener.on('delivery', (d) => deliveries.push(d));
    const url = await listener.start();
    const body = Buffer.from('{"id":"evt_1","event":"booking.created","data":{}}');
    const good = sign(SECRET, body);
    const bad = `sha256=${'0'.repeat(64)}`;
    expect(await post(url, body, ['x-service-signature', bad, 'X-Service-Signature', good])).toBe(400);
    expect(await post(url, body, ['X-Service-Signature', good, 'x-service-signature', bad])).toBe(200);
    expect(deliveries.map((d) => d.verdict)).toEqual(['invalid', 'valid']);
  });
});

describe('the piped line', () => {
  const delivery: DeliveryEvent = {
    time: new Date(0),
    path: '/',
    event: 'booking.approved',
    deliveryId: 'evt_1',
    objectId: 'b1',
    objectStatus: 'approved',
    verdict: 'valid',
    attempt: 1,
    retry: false,
    ignored: false,
    answered: 200,
    envelope: {},
    body: Buffer.alloc(0),
    headers: [],
  };

  it('gives the time as toISOString does, within a second, across seconds, and when the clock goes back', () => {
    const times = [
      Date.UTC(2026, 10, 24, 4, 30, 12, 7),
      Date.UTC(2026, 10, 24, 4, 30, 12, 7),
      Date.UTC(2026, 10, 24, 4, 30, 12, 999),
      Date.UTC(2026, 10, 24, 4, 30, 13, 0),
      Date.UTC(2026, 10, 24, 4, 30, 13, 45),
      Date.UTC(2026, 10, 24, 4, 29, 59, 450),
      Date.UTC(2027, 0, 1, 0, 0, 0, 0),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
    ];
    for (const at of times) {
      const line = pipedLine({ ...delivery, time: new Date(at) });
      expect(line.split('\t')[0]).toBe(new Date(at).toISOString());
    }
  });

  it('keeps the fields in their order, a forwarded delivery with its handler status, latency and first line', () => {
    const time = new Date(Date.UTC(2026, 10, 24, 4, 30, 12, 7));
    expect(pipedLine({ ...delivery, time, attempt: 3, retry: true })).toBe(
      '2026-11-24T04:30:12.007Z\tbooking.approved\tevt_1\tb1\tapproved\tvalid\t200\t\t\t3\t\n',
    );
    const forward = { status: 500, latencyMs: 12, bodyLine: 'database is down' };
    expect(pipedLine({ ...delivery, time, answered: 500, forward })).toBe(
      '2026-11-24T04:30:12.007Z\tbooking.approved\tevt_1\tb1\tapproved\tvalid\t500\t500\t12\t1\tdatabase is down\n',
    );
    const timeout = { latencyMs: 7000, error: { kind: 'timeout' as const, message: 'no answer in 7000 ms' } };
    expect(pipedLine({ ...delivery, time, answered: 504, ignored: false, forward: timeout })).toBe(
      '2026-11-24T04:30:12.007Z\tbooking.approved\tevt_1\tb1\tapproved\tvalid\t504\ttimeout\t7000\t1\tno answer in 7000 ms\n',
    );
    expect(pipedLine({ ...delivery, time, ignored: true, objectStatus: undefined })).toBe(
      '2026-11-24T04:30:12.007Z\tbooking.approved\tevt_1\tb1\t\tignored\t200\t\t\t1\t\n',
    );
  });
});
