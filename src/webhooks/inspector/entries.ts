// What the inspector page shows of a delivery, and the bounded history it keeps. An entry is
// made from a live delivery (the listener's event), from a file `listen --save` wrote
// (`webhooks inspect DIR`), or from a replay; it is turned into JSON for the page only when a
// page asks, so a listener whose page is closed pays for a reference kept, not for formatting.
import { diagnose, diagnoseSaved } from '../diagnosis.js';
import type { DeliveryEvent, RawHeaders } from '../listener-events.js';
import { type ReadDelivery, savedHeader } from '../saved.js';
import { SIGNATURE_HEADER } from '../signature.js';

/** How many deliveries the page keeps (it says so): enough for a session, bounded for memory. */
export const HISTORY_LIMIT = 500;
/** The most of a body (and of a handler's answer) kept and shown; larger ones are cut, and say so. */
export const SHOWN_BYTES = 256 * 1024;

export interface HandlerAnswer {
  status?: number;
  latencyMs?: number;
  /** Why there is no status: unreachable, no answer in time, or not forwarded at all. */
  error?: string;
  body?: Buffer;
}

export interface Entry {
  seq: number;
  time: Date;
  method: string;
  path: string;
  event?: string;
  deliveryId?: string;
  verdict: 'valid' | 'invalid' | 'unchecked';
  /** Why the signature failed, and what to do about it (diagnosis.ts). */
  reason?: string;
  hint?: string;
  attempt: number;
  ignored: boolean;
  /** The status the listener answered the sender with (0: not known, a saved file). */
  answered: number;
  headers: RawHeaders;
  body: Buffer;
  size: number;
  handler?: HandlerAnswer;
  /** The entry this one replays. */
  replayOf?: number;
  /** How a replay was signed. */
  signing?: string;
  savedTo?: string;
  /** The endpoint a saved file was verified for (its replay is signed with that endpoint's secret). */
  endpointId?: string;
  json?: string;
}

/** Keeps a body at most SHOWN_BYTES long, copied so a cut does not hold the whole buffer. */
function kept(body: Buffer): Buffer {
  return body.length <= SHOWN_BYTES ? body : Buffer.from(body.subarray(0, SHOWN_BYTES));
}

/** The diagnosis of a failed signature (only for those: a valid one needs no words). */
function why(secret: string | undefined, headers: RawHeaders, body: Buffer, fallback: string | undefined) {
  if (secret === undefined) return { reason: fallback };
  const found = diagnose(secret, savedHeader(headers, SIGNATURE_HEADER) ?? '', body);
  return found.valid ? { reason: fallback } : { reason: found.message ?? fallback, hint: found.hint };
}

/** What an entry is made from: a live delivery, or what the history kept of one (history.ts). */
export type KeptDelivery = Pick<
  DeliveryEvent,
  | 'time'
  | 'path'
  | 'event'
  | 'deliveryId'
  | 'verdict'
  | 'reason'
  | 'attempt'
  | 'ignored'
  | 'answered'
  | 'headers'
  | 'body'
  | 'forward'
  | 'handlerBody'
  | 'savedTo'
>;

export function fromDelivery(seq: number, d: KeptDelivery, secret: string | undefined, method = 'POST'): Entry {
  const f = d.forward;
  let handler: HandlerAnswer | undefined;
  if (d.verdict === 'invalid' && d.answered === 400) handler = { error: 'not forwarded: the signature failed (answered 400)' };
  else if (d.ignored) handler = { error: 'not forwarded: not in --events (answered 200)' };
  else if (f?.status !== undefined) handler = { status: f.status, latencyMs: f.latencyMs, body: d.handlerBody && kept(d.handlerBody) };
  else if (f?.error)
    handler = { error: `${f.error.kind === 'timeout' ? 'no answer in time' : 'unreachable'}: ${f.error.message}`, latencyMs: f.latencyMs };
  return {
    seq,
    time: d.time,
    method,
    path: d.path,
    event: d.event,
    deliveryId: d.deliveryId,
    verdict: d.verdict,
    ...(d.verdict === 'invalid' ? why(secret, d.headers, d.body, d.reason) : {}),
    attempt: d.attempt,
    ignored: d.ignored,
    answered: d.answered,
    headers: d.headers,
    body: kept(d.body),
    size: d.body.length,
    handler,
    savedTo: d.savedTo,
  };
}

export function fromSaved(seq: number, saved: ReadDelivery, file: string, secret: string | undefined): Entry {
  const envelope = parseObject(saved.body);
  // Checked whole again when a secret is known (body intact, signature, headers); else as recorded.
  const checked = secret === undefined ? undefined : diagnoseSaved(secret, saved);
  const verdict = checked ? (checked.valid ? 'valid' : 'invalid') : saved.bodyIntact ? saved.verdict : 'invalid';
  const reason = checked
    ? checked.message
    : !saved.bodyIntact
      ? 'the body does not match the sha256 recorded when it was saved: the file was edited'
      : saved.verdict === 'invalid'
        ? 'the signature failed when it was received'
        : undefined;
  return {
    seq,
    time: new Date(saved.receivedAt),
    method: saved.method || 'POST',
    path: saved.path,
    event: saved.event ?? str(envelope.event),
    deliveryId: saved.deliveryId ?? str(envelope.id),
    verdict,
    reason,
    hint: checked?.hint,
    attempt: 1,
    ignored: false,
    answered: 0,
    headers: saved.headers,
    body: kept(saved.body),
    size: saved.body.length,
    handler: { error: 'not recorded in the saved file' },
    savedTo: file,
    endpointId: saved.endpointId,
  };
}

function parseObject(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function answerJson(a: HandlerAnswer | undefined) {
  if (!a) return undefined;
  return { status: a.status, latencyMs: a.latencyMs, error: a.error, body: a.body?.toString('utf8') };
}

/** The entry as the page reads it (made once). The body goes as text and as base64, for its raw bytes. */
export function entryJson(e: Entry): string {
  e.json ??= JSON.stringify({
    seq: e.seq,
    time: e.time.toISOString(),
    method: e.method,
    path: e.path,
    event: e.event,
    deliveryId: e.deliveryId,
    verdict: e.verdict,
    reason: e.reason,
    hint: e.hint,
    attempt: e.attempt,
    ignored: e.ignored,
    answered: e.answered,
    headers: e.headers,
    body: e.body.toString('utf8'),
    bodyBase64: e.body.toString('base64'),
    size: e.size,
    handler: answerJson(e.handler),
    replayOf: e.replayOf,
    signing: e.signing,
    savedTo: e.savedTo,
  });
  return e.json;
}
