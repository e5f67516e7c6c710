// The file `listen --save DIR` writes for each delivery and `webhooks replay` reads: JSON that
// holds the body as base64 (so its bytes survive exactly, whatever they are) and the headers as
// the raw list received (names in their case and order, repeats kept). Written to a temporary
// name beside the target and renamed, so a reader never sees half a file.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError, ExitCode } from '../errors.js';
import type { RawHeaders } from './forward.js';

export const SAVED_FORMAT = 'tripctl.webhook-delivery/1';

export interface SavedDelivery {
  format: typeof SAVED_FORMAT;
  receivedAt: string;
  method: string;
  path: string;
  /** Name, value, name, value… as received. */
  headers: RawHeaders;
  bodyBase64: string;
  /** sha256 of the body, hex: lets `replay` refuse a file whose body was edited by accident. */
  bodySha256: string;
  /** The endpoint the listener verified with, when it knew (`--endpoint`, `--register`). */
  endpointId?: string;
  verdict: 'valid' | 'invalid' | 'unchecked';
  event?: string;
  deliveryId?: string;
}

export function sha256Hex(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/** A name that sorts by arrival and cannot leave the directory, whatever the headers said. */
export function savedFileName(receivedAt: Date, seq: number, deliveryId: string | undefined): string {
  const stamp = receivedAt.toISOString().replace(/[-:]/g, '').replace('.', '-');
  const id = (deliveryId ?? 'unknown').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'unknown';
  return `${stamp}-${String(seq).padStart(4, '0')}-${id}.json`;
}

export async function writeSaved(dir: string, name: string, delivery: SavedDelivery): Promise<string> {
  const target = join(dir, name);
  const temp = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, `${JSON.stringify(delivery, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return target;
}

export async function readSaved(file: string): Promise<SavedDelivery & { body: Buffer }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, ExitCode.usage);
  }
  let parsed: Partial<SavedDelivery>;
  try {
    parsed = JSON.parse(text) as Partial<SavedDelivery>;
  } catch {
    throw new CliError(`${file} is not a saved delivery (not JSON)`, ExitCode.usage, 'use a file written by `tripctl webhooks listen --save DIR`');
  }
  if (parsed.format !== SAVED_FORMAT || typeof parsed.bodyBase64 !== 'string' || !Array.isArray(parsed.headers)) {
    throw new CliError(`${file} is not a saved delivery (format ${String(parsed.format)})`, ExitCode.usage, 'use a file written by `tripctl webhooks listen --save DIR`');
  }
  const body = Buffer.from(parsed.bodyBase64, 'base64');
  if (typeof parsed.bodySha256 === 'string' && sha256Hex(body) !== parsed.bodySha256) {
    throw new CliError(`${file}: the body does not match its recorded sha256; the file was edited`, ExitCode.usage);
  }
  return { ...(parsed as SavedDelivery), body };
}
