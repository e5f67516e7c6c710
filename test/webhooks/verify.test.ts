// `tripctl webhooks verify` as a user runs it (the built bin/tripctl): exit 0 when the signature
// matches the bytes, 1 with the reason it can tell when not, 2 when something is missing.
import { createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripctl } from '../support/cli.js';

const SECRET = 'whsec_verify_test_0123456789abcdefgh';
const BODY = '{"id":"evt_v1","event":"booking.approved","apiVersion":"2026-08-21","occurredAt":"2026-08-21T10:00:00.000Z","data":{"id":"3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b","status":"approved"}}';
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

const run = (args: string[], input?: string) => tripctl(['webhooks', 'verify', ...args], { input, configDir: dir });

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
    const python = JSON.stringify({ event, id, ...rest }).replace(/":/g, '": ').replace(/,"/g, ', "');
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
    const result = await run(['--secret', 'whsec_another_endpoint_secret_000000', '--signature', SIGNATURE, '--payload-file', file, '-o', 'json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ valid: false, reason: 'mismatch' });
    expect(result.stderr).toMatch(/signature does not match the body/);
  });

  it('exits 2 without a secret, a signature or a readable file', async () => {
    expect((await run(['--signature', SIGNATURE, '--payload-file', file])).code).toBe(2);
    expect((await run(['--secret', SECRET, '--payload-file', file])).code).toBe(2);
    const missing = await run(['--secret', SECRET, '--signature', SIGNATURE, '--payload-file', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read --payload-file/);
  });

  it('takes the secret from TRIPCTL_WEBHOOK_SECRET', async () => {
    const result = await tripctl(['webhooks', 'verify', '--signature', SIGNATURE, '--payload-file', file], { configDir: dir, env: { TRIPCTL_WEBHOOK_SECRET: SECRET } });
    expect(result.code).toBe(0);
  });
});
