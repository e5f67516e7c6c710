// The signature module against vectors computed outside it: with openssl on the command line
// (hard-coded below) and with node:crypto in the test, over fixed bytes.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sign, signatureMatches, signingKey, verify } from '../../src/webhooks/signature.js';

const SECRET = 'whsec_test_0123456789abcdefghijklmn';
const BODY = Buffer.from(
  '{"id":"evt_0001","event":"booking.approved","apiVersion":"2026-08-21","occurredAt":"2026-08-21T10:00:00.000Z","data":{"id":"3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b","status":"approved","seats":2}}',
);
// `printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET"`
const OPENSSL_HEX = '0b9e1b8b823675d52820ff488e62ce8742e064569e646ce2d0147af2ff706d4f';
const EMPTY_HEX = 'c2119c3e9d00c7bbab36f9d5091538563865d91d3fa8aa7775d9f57af1cd40bf';
const BINARY = Buffer.from('00fffe7b2261223a317d0a', 'hex');
const BINARY_HEX = 'f08231620ba67638f226790715ebdc72446c6c88e56d71a42d6cbbfb9ba7a431';

const independent = (secret: string, bytes: Buffer) =>
  `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(bytes).digest('hex')}`;

describe('sign', () => {
  it('matches the openssl vectors', () => {
    expect(sign(SECRET, BODY)).toBe(`sha256=${OPENSSL_HEX}`);
    expect(sign(SECRET, Buffer.alloc(0))).toBe(`sha256=${EMPTY_HEX}`);
    expect(sign(SECRET, BINARY)).toBe(`sha256=${BINARY_HEX}`);
  });

  it('matches node:crypto computed here, for a string and for bytes', () => {
    expect(sign(SECRET, BODY)).toBe(independent(SECRET, BODY));
    expect(sign(SECRET, BODY.toString('utf8'))).toBe(independent(SECRET, BODY));
    const arabic = Buffer.from('{"name":"دمشق"}');
    expect(sign(SECRET, arabic)).toBe(independent(SECRET, arabic));
  });
});

describe('verify', () => {
  const header = `sha256=${OPENSSL_HEX}`;

  it('accepts the exact bytes, and an upper-case hex header', () => {
    expect(verify(SECRET, BODY, header)).toEqual({ ok: true });
    expect(verify(SECRET, BODY, `sha256=${OPENSSL_HEX.toUpperCase()}`)).toEqual({ ok: true });
    expect(verify(SECRET, BINARY, `sha256=${BINARY_HEX}`)).toEqual({ ok: true });
  });

  it('refuses the same JSON with its keys in another order', () => {
    const reordered = Buffer.from(JSON.stringify({ event: 'booking.approved', ...JSON.parse(BODY.toString()) }));
    expect(JSON.parse(reordered.toString())).toEqual(JSON.parse(BODY.toString()));
    expect(reordered.equals(BODY)).toBe(false);
    expect(verify(SECRET, reordered, header)).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it('refuses the same JSON with other whitespace or a trailing newline', () => {
    const pretty = Buffer.from(JSON.stringify(JSON.parse(BODY.toString()), null, 2));
    expect(verify(SECRET, pretty, header)).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(verify(SECRET, Buffer.concat([BODY, Buffer.from('\n')]), header)).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it('refuses another secret, and one changed bit of the signature', () => {
    expect(verify(`${SECRET}x`, BODY, header)).toMatchObject({ ok: false, reason: 'mismatch' });
    const flipped = `sha256=${OPENSSL_HEX.slice(0, -1)}${OPENSSL_HEX.endsWith('f') ? 'e' : 'f'}`;
    expect(verify(SECRET, BODY, flipped)).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it('tells a missing header from a malformed one', () => {
    expect(verify(SECRET, BODY, undefined)).toMatchObject({ ok: false, reason: 'missing' });
    expect(verify(SECRET, BODY, '')).toMatchObject({ ok: false, reason: 'missing' });
    expect(verify(SECRET, BODY, OPENSSL_HEX)).toMatchObject({ ok: false, reason: 'malformed' });
    expect(verify(SECRET, BODY, `sha1=${OPENSSL_HEX}`)).toMatchObject({ ok: false, reason: 'malformed' });
    expect(verify(SECRET, BODY, `sha256=${OPENSSL_HEX.slice(2)}`)).toMatchObject({ ok: false, reason: 'malformed' });
    expect(verify(SECRET, BODY, `sha256=${'zz'.repeat(32)}`)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe("signatureMatches (the listener's check) and signing keys", () => {
  const header = `sha256=${OPENSSL_HEX}`;

  it('agrees with the openssl vectors, with the secret as text or as a key made once', () => {
    const key = signingKey(SECRET);
    expect(sign(key, BODY)).toBe(header);
    expect(sign(key, BINARY)).toBe(`sha256=${BINARY_HEX}`);
    expect(signatureMatches(key, BODY, header)).toBe(true);
    expect(signatureMatches(SECRET, BODY, header)).toBe(true);
    expect(signatureMatches(key, Buffer.alloc(0), `sha256=${EMPTY_HEX}`)).toBe(true);
    expect(verify(key, BINARY, `sha256=${BINARY_HEX}`)).toEqual({ ok: true });
  });

  it('is false for anything verify refuses', () => {
    const key = signingKey(SECRET);
    const cases = [
      undefined,
      '',
      OPENSSL_HEX,
      `sha1=${OPENSSL_HEX}`,
      `sha256=${OPENSSL_HEX.slice(2)}`,
      `sha256=${'zz'.repeat(32)}`,
      `sha256=${OPENSSL_HEX.slice(0, 62)}zz`,
      `sha256=${BINARY_HEX}`,
    ];
    for (const value of cases) {
      expect(signatureMatches(key, BODY, value)).toBe(false);
      expect(verify(key, BODY, value).ok).toBe(false);
    }
    expect(signatureMatches(signingKey(`${SECRET}x`), BODY, header)).toBe(false);
  });
});
