// One command is one write: the one rule for whether a request may be sent again, used by every
// path that sends one (JSON calls, streamed answers, downloads), and what the error says when a
// write's answer was lost after the write left this machine.
import { CliError, ExitCode, NetworkError } from '../errors.js';
import type { RequestOptions } from './options.js';

/** Failures that prove the request never left this machine, so even a POST may be sent again. */
export const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Whether sending the request again is harmless once it may have reached the service: a GET, a
 * DELETE, a write with an Idempotency-Key (the service replays the first answer), or one its
 * caller marks so (a PATCH of a status lands the same way twice). Anything else — a POST that
 * creates a trip, an approval — is sent at most once unless it provably never left.
 */
export function mayRepeat(req: Pick<RequestOptions, 'method' | 'retrySafe' | 'idempotencyKey'>): boolean {
  return req.retrySafe ?? (req.method === 'GET' || req.method === 'DELETE' || req.idempotencyKey !== undefined);
}

/**
 * The failure of a write that may have reached the service: it is not sent again, and the error
 * says that it may have been applied and where to look before running the command again.
 */
export function mayHaveApplied(req: Pick<RequestOptions, 'method' | 'path' | 'checkWith'>, failure: NetworkError): NetworkError {
  if (failure.details.mayHaveApplied) return failure;
  return new NetworkError(
    `${failure.message}; the service may have applied ${req.method} ${req.path}, so it was not sent again`,
    `check with ${req.checkWith ?? whereToCheck(req.path)} before running it again`,
    { ...failure.details, mayHaveApplied: true },
  );
}

/**
 * A write the service answered with success, whose answer tripctl then did not keep (the file
 * name it suggested is taken, the body is empty, the disk is full): the error says that it did
 * happen, so that nobody runs it again to "retry". Not a usage error any more (exit 2 means
 * nothing was sent): exit 1.
 */
export function wasApplied(req: Pick<RequestOptions, 'method' | 'path' | 'checkWith'>, status: number, error: CliError): CliError {
  if (error.details.applied || error.details.mayHaveApplied) return error;
  return new CliError(
    `${error.message}; the service did apply ${req.method} ${req.path} (HTTP ${status})`,
    error.exitCode === ExitCode.usage ? ExitCode.failure : error.exitCode,
    [error.hint, `see it with ${req.checkWith ?? whereToCheck(req.path)}`].filter(Boolean).join('; '),
    { ...error.details, applied: true },
  );
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a write's effect shows, for a caller that knows no verb for it (`api`): the object the
 * path names up to its last id (`/trips/ID/complete` → `/trips/ID`), else the collection itself
 * (`POST /trips` → the list of trips).
 */
export function whereToCheck(path: string): string {
  const segments = path.split('/').filter(Boolean);
  let last = -1;
  segments.forEach((segment, index) => {
    if (ID.test(segment)) last = index;
  });
  const shown = last >= 0 ? segments.slice(0, last + 1) : segments.slice(0, 1);
  return `tripctl api GET /${shown.join('/')}`;
}
