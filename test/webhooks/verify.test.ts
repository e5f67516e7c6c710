// `tripctl webhooks verify`, in-process through main() with the test context: exit 0 when the
// signature matches the bytes, 1 with the reason it can tell when not, 2 when something is
// missing; and `--saved FILE`, a delivery written by `listen --save`, checked whole.
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/context.js';

const SECRET = 'whsec_verify_test_0123456789abcdefgh';
const BODY =
  '{"id":"evt_v1","event":"booking.approved","apiVersion":"2026-08-21","occurredAt":"2026-08-21T10:00:00.000Z","data":{"id":"3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b","status":"approved"}}';
const SIGNATURE = `sha256=${createHmac('sha256', SECRET).update(BODY).digest('hex')}`;

let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tripctl-verify-'));
  file = join(dir, 'body.json');
  await writeFile(file, BODY);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (args: string[], input?: string, env?: Record<string, string>) =>
  runInProcess(['webhooks', 'verify', ...args], { stdin: input, configDir: dir, env });

describe('webhooks verify', () => {
  it('exits 0 for the exact bytes, from a file or from stdin', async () => {
    const fromFile = await run(['--secret', SECRET, '--signature', SIGNATURE, '--payload-file', file]);
    expect(fromFile).toMatchObject({ code: 0, stdout: '' });
    expect(fromFile.stderr).toMatch(/Signature valid/);
    const fromStdin = await run(['--secret', SECRET, '--signature', SIGNATURE], BODY);
    expect(fromStdin.code).toBe(0);
  });

  it('exits 1 and says the body looks re-serialised when it is the same JSON in other bytes', async () => {
    const pretty = JSON.stringify(JSON.parse(BODY), null, 2);
    const result = await run(['--secret', SECRET, '--signature', SIGNATURE], pretty);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/re-serialised/);
    // What Python's json.dumps writes by default: keys reordered, a space after ':' and ','.
    const { event, id, ...rest } = JSON.parse(BODY);
    const python = JSON.stringify({ event, id, ...rest })
      .replace(/":/g, '": ')
      .replace(/,"/g, ', "');
    const other = await run(['--secret', SECRET, '--signature', SIGNATURE, '-o', 'json'], python);
    expect(other.code).toBe(1);
    expect(JSON.parse(other.stdout)).toMatchObject({ valid: false, reason: 'reserialised' });
  });

  it('exits 1 and names a trailing newline added after signing', async () => {
    const result = await run(['--secret', SECRET, '--signature', SIGNATURE], `${BODY}\n`);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/ends with a newline that was not signed/);
  });

  it('exits 1 for a malformed header, with what is wrong with it', async () => {
    const bare = await run(['--secret', SECRET, '--signature', SIGNATURE.slice(7), '--payload-file', file]);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toMatch(/malformed/);
    expect(bare.stderr).toMatch(/lacks the sha256= prefix/);
    const sha1 = await run(['--secret', SECRET, '--signature', 'sha1=abcdef', '--payload-file', file, '-o', 'json']);
    expect(sha1.code).toBe(1);
    expect(JSON.parse(sha1.stdout)).toMatchObject({ valid: false, reason: 'malformed_header' });
  });

  it('exits 1 and points at the secret when it is of the wrong form', async () => {
    const apiKey = await run(['--secret', 'sk_test_notasigningsecret', '--signature', SIGNATURE, '--payload-file', file]);
    expect(apiKey.code).toBe(1);
    expect(apiKey.stderr).toMatch(/secret is not of the expected form: this looks like an API key/);
    expect(apiKey.stderr).not.toContain('sk_test_notasigningsecret');
    const spaced = await run(['--secret', ` ${SECRET}\n`, '--signature', SIGNATURE, '--payload-file', file]);
    expect(spaced.code).toBe(1);
    expect(spaced.stderr).toMatch(/leading or trailing whitespace/);
  });

  it('exits 1 with a plain mismatch for another well-formed secret', async () => {
    const result = await run([
      '--secret',
      'whsec_another_endpoint_secret_000000',
      '--signature',
      SIGNATURE,
      '--payload-file',
      file,
      '-o',
      'json',
    ]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ valid: false, reason: 'mismatch' });
    expect(result.stderr).toMatch(/signature does not match the body/);
  });

  it('exits 2 without a secret, a signature or a readable file', async () => {
    expect((await run(['--signature', SIGNATURE, '--payload-file', file])).code).toBe(2);
    expect((await run(['--secret', SECRET, '--payload-file', file])).code).toBe(2);
    const missing = await run(['--secret', SECRET, '--signature', SIGNATURE, '--payload-file', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`tripctl: no such file: ${join(dir, 'nope.json')}`);
    expect(missing.stderr).not.toMatch(/ENOENT/);
  });

  it('takes the secret from TRIPCTL_WEBHOOK_SECRET', async () => {
    const result = await run(['--signature', SIGNATURE, '--payload-file', file], undefined, { TRIPCTL_WEBHOOK_SECRET: SECRET });
    expect(result.code).toBe(0);
  });
});

describe('webhooks verify --saved', () => {
  const ENDPOINT = '6c0c0c0c-1111-4222-8333-444444444444';
  const headers = [
    'Host',
    '127.0.0.1:4242',
    'Content-Type',
    'application/json',
    'X-Service-Event',
    'booking.approved',
    'X-Service-Delivery',
    'evt_v1',
    'X-Service-Signature',
    SIGNATURE,
  ];

  /** A file as `listen --save` writes it (format tripctl.webhook-delivery/1), with `change` applied. */
  async function savedFile(name: string, change: (record: Record<string, unknown>) => void = () => {}): Promise<string> {
    const record: Record<string, unknown> = {
      format: 'tripctl.webhook-delivery/1',
      receivedAt: '2026-08-21T10:00:01.000Z',
      method: 'POST',
      path: '/',
      headers: [...headers],
      bodyBase64: Buffer.from(BODY).toString('base64'),
      bodySha256: createHash('sha256').update(BODY).digest('hex'),
      endpointId: ENDPOINT,
      verdict: 'valid',
      event: 'booking.approved',
      deliveryId: 'evt_v1',
    };
    change(record);
    const path = join(dir, name);
    await writeFile(path, JSON.stringify(record, null, 2));
    return path;
  }

  it('exits 0 for a file as saved, with --secret or with the kept secret of its endpoint', async () => {
    const path = await savedFile('ok.json');
    const given = await run(['--saved', path, '--secret', SECRET, '-o', 'json']);
    expect(given.code).toBe(0);
    expect(JSON.parse(given.stdout)).toEqual({ valid: true, bytes: BODY.length, deliveryId: 'evt_v1', event: 'booking.approved' });

    const configDir = await mkdtemp(join(tmpdir(), 'tripctl-verify-kept-'));
    try {
      await writeFile(
        join(configDir, 'config.json'),
        JSON.stringify({ profiles: { default: { webhookSecrets: { [ENDPOINT]: SECRET } } } }),
        { mode: 0o600 },
      );
      const kept = await runInProcess(['webhooks', 'verify', '--saved', path], { configDir });
      expect(kept.code).toBe(0);
      expect(kept.stderr).toContain(
        `Delivery evt_v1 (booking.approved): signature valid, headers match the body (${BODY.length} bytes), checked with the kept secret of endpoint ${ENDPOINT}.`,
      );
    } finally {
      await rm(configDir, { recursive: true, force: true });
    }
  });

  it('exits 1 when the body was edited, a header no longer agrees with the body, the signature is gone, or the secret is another', async () => {
    const cases: Array<[string, (record: Record<string, unknown>) => void, string, RegExp]> = [
      [
        'edited.json',
        (r) => (r.bodyBase64 = Buffer.from(BODY.replace('approved', 'rejected')).toString('base64')),
        'body_edited',
        /the file was edited/,
      ],
      [
        'delivery.json',
        (r) => ((r.headers as string[])[7] = 'evt_other'),
        'header_mismatch',
        /X-Service-Delivery header \(evt_other\) is not the body's id \(evt_v1\)/i,
      ],
      [
        'event.json',
        (r) => ((r.headers as string[])[5] = 'booking.cancelled'),
        'header_mismatch',
        /X-Service-Event header \(booking\.cancelled\) is not the body's event/i,
      ],
      ['unsigned.json', (r) => (r.headers = headers.slice(0, 8)), 'missing_header', /the saved headers hold no X-Service-Signature/],
    ];
    for (const [name, change, reason, message] of cases) {
      const result = await run(['--saved', await savedFile(name, change), '--secret', SECRET, '-o', 'json']);
      expect(result.code, name).toBe(1);
      expect(JSON.parse(result.stdout), name).toMatchObject({ valid: false, reason });
      expect(result.stderr, name).toMatch(message);
    }
    const other = await run(['--saved', await savedFile('other.json'), '--secret', 'whsec_another_endpoint_secret_000000']);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/signature does not match the body/);
  });

  it('exits 2 for a file that is not a saved delivery, with --signature, or with no secret to check with', async () => {
    const notSaved = await run(['--saved', file, '--secret', SECRET]);
    expect(notSaved.code).toBe(2);
    expect(notSaved.stderr).toMatch(/is not a saved delivery/);
    const both = await run(['--saved', await savedFile('both.json'), '--secret', SECRET, '--signature', SIGNATURE]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--saved cannot be used with --signature/);
    const noSecret = await run(['--saved', await savedFile('nosecret.json')]);
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toMatch(/missing --secret\nhint: .*no secret is kept for the endpoint the file names/);
  });
});
