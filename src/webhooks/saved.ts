// The file `listen --save DIR` writes for each delivery and `webhooks replay` reads: JSON that
// holds the body as base64 (so its bytes survive exactly, whatever they are) and the headers as
// the raw list received (names in their case and order, repeats kept). Written to a temporary
// name beside the target and renamed, so a reader never sees half a file.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError, ExitCode } from '../errors.js';
import { unreadableFile } from '../input/files.js';
import type { RawHeaders } from './listener-events.js';
import type { DeliveryEvent } from './listener-events.js';

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

/** The file's content for a delivery the listener received. */
export function deliveryRecord(delivery: DeliveryEvent, method: string, endpointId: string | undefined): SavedDelivery {
  return {
    format: SAVED_FORMAT,
    receivedAt: delivery.time.toISOString(),
    method,
    path: delivery.path,
    headers: delivery.headers,
    bodyBase64: delivery.body.toString('base64'),
    bodySha256: sha256Hex(delivery.body),
    ...(endpointId ? { endpointId } : {}),
    verdict: delivery.verdict,
    ...(delivery.event ? { event: delivery.event } : {}),
    ...(delivery.deliveryId ? { deliveryId: delivery.deliveryId } : {}),
  };
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

/** A saved delivery as read, and whether its body still matches the sha256 recorded beside it. */
export type ReadDelivery = SavedDelivery & { body: Buffer; bodyIntact: boolean };

/** Reads a file `listen --save` wrote; a file that is not one is a usage error. */
export async function readSavedFile(file: string): Promise<ReadDelivery> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw unreadableFile(file, error);
  }
  let parsed: Partial<SavedDelivery>;
  try {
    parsed = JSON.parse(text) as Partial<SavedDelivery>;
  } catch {
    throw new CliError(
      `${file} is not a saved delivery (not JSON)`,
      ExitCode.usage,
      'use a file written by `tripctl webhooks listen --save DIR`',
    );
  }
  if (
    parsed.format !== SAVED_FORMAT ||
    typeof parsed.bodyBase64 !== 'string' ||
    !Array.isArray(parsed.headers) ||
    !parsed.headers.every((h) => typeof h === 'string')
  ) {
    throw new CliError(
      `${file} is not a saved delivery (format ${String(parsed.format)})`,
      ExitCode.usage,
      'use a file written by `tripctl webhooks listen --save DIR`',
    );
  }
  const body = Buffer.from(parsed.bodyBase64, 'base64');
  const bodyIntact = typeof parsed.bodySha256 !== 'string' || sha256Hex(body) === parsed.bodySha256;
  return { ...(parsed as SavedDelivery), body, bodyIntact };
}

/** Reads a saved delivery to send again: one whose body was edited is refused. */
export async function readSaved(file: string): Promise<ReadDelivery> {
  const saved = await readSavedFile(file);
  if (!saved.bodyIntact) throw new CliError(`${file}: the body does not match its recorded sha256; the file was edited`, ExitCode.usage);
  return saved;
}

/** A header's first value from a raw list, by name in any case. */
export function savedHeader(headers: RawHeaders, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (let i = 0; i + 1 < headers.length; i += 2) if (headers[i]!.toLowerCase() === lower) return headers[i + 1];
  return undefined;
}
