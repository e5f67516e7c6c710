// The Idempotency-Key step of the request pipeline, for routes that declare it (POST /bookings):
// the same key with the same body (compared as canonical JSON) within 24 hours of the sandbox
// clock replays the first successful answer with Idempotent-Replayed: true; the same key with
// another body is 409 idempotency_key_reused. Keys are per company; failed answers are not
// kept, so a failed request may be retried with its key.
import { createHash } from 'node:crypto';

import type { CompanyRec } from '../domain/state.js';
import type { Result, SandboxCore } from '../routes/route.js';
import { HttpError } from './errors.js';

/** Idempotency keys are kept for 24 hours of the sandbox clock, per company. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export async function withIdempotency(
  core: SandboxCore,
  company: CompanyRec,
  key: string | undefined,
  body: Record<string, unknown>,
  run: () => Promise<Result>,
): Promise<Result> {
  if (key === undefined) return run();
  if (key.length === 0 || key.length > 255)
    throw new HttpError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 characters');
  const now = core.now().getTime();
  core.state.idempotency = core.state.idempotency.filter((r) => now - Date.parse(r.createdAt) < IDEMPOTENCY_RETENTION_MS);
  const fingerprint = createHash('sha256').update(canonical(body)).digest('hex');
  const previous = core.state.idempotency.find((r) => r.companyId === company.id && r.key === key);
  if (previous) {
    if (previous.fingerprint !== fingerprint) {
      throw new HttpError(
        409,
        'idempotency_key_reused',
        `Idempotency-Key '${key}' was used with another body; use a new key for a new booking`,
      );
    }
    return { status: previous.status, json: previous.body, headers: { 'idempotent-replayed': 'true' } };
  }
  const result = await run();
  core.state.idempotency.push({
    companyId: company.id,
    key,
    fingerprint,
    status: result.status ?? 200,
    body: result.json,
    createdAt: core.now().toISOString(),
  });
  return result;
}
