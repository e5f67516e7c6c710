// One command is one write: the one rule for whether a request may be sent again, used by every
// path that sends one (JSON calls, streamed answers, downloads), and what the error says when a
// write's answer was lost after the write left this machine.
import { type ApiError, CliError, ExitCode, NetworkError } from '../errors.js';
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

/** What a retry's refusal is judged against: the object the path names, read back (404: gone). */
export type ReadBack = (path: string) => Promise<{ status: number; data: unknown }>;

/** Refusals that can be the first try's own effect: gone (a DELETE), or not from this state. */
const STATE_REFUSALS = new Set([404, 409, 410, 422]);

/**
 * A write sent again after its first try may have reached the service (a reset, a cut answer, a
 * gateway's 502 or 504), whose retry the service refuses. The refusal may be the first try's own
 * effect, so it is judged against the state that try would have made: a DELETE answered 404 (or
 * whose object reads back as gone), or an object that reads back as the caller's `reached` says
 * (a trip cancelled, a booking approved), is done, and `note` says so for stderr. Where that
 * cannot be told, it is "may have applied" (exit 7) with where to check, as for a POST — never
 * the refusal's 5 or 6, which would call work that happened a failure.
 */
export async function settleRetried(
  req: Pick<RequestOptions, 'method' | 'path' | 'checkWith' | 'reached'>,
  refusal: ApiError,
  readBack: ReadBack,
): Promise<{ data: unknown; note: string }> {
  if (!STATE_REFUSALS.has(refusal.status) || (refusal.status === 404 && req.method !== 'DELETE')) throw refusal;
  const call = `${req.method} ${req.path}`;
  const done = (data: unknown, found: string) => ({
    data,
    note: `tripctl: the answer to ${call} was lost and its retry found ${found}: the first try was applied`,
  });
  if (req.method === 'DELETE' && refusal.status === 404) return done(null, 'it gone');
  const object = objectPath(req.path);
  if (req.reached || req.method === 'DELETE') {
    const current = await readBack(object).catch(() => undefined);
    if (current?.status === 404 && req.method === 'DELETE') return done(null, 'it gone');
    if (current && current.status < 300 && req.reached?.(current.data)) return done(current.data, 'it done');
  }
  throw mayHaveApplied(
    req,
    new NetworkError(`the answer to ${call} was lost, and its retry was refused (${refusal.message}), which the first try may have caused`),
  );
}

/**
 * A refusal that can mean "not from this state" (a conflict, an invalid move, a 400 or 422 the
 * service gives for either): not a missing key or scope (401, 403), an unknown object (404) or a
 * rate limit (429), where reading the object back would tell nothing.
 */
function refusedFromState(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 403, 404, 429].includes(status);
}

/**
 * A write the service refuses on its first try (a re-run: `trips cancel ID` twice, cron running
 * twice) whose object reads back in the state the write declares it reaches (`reached`): it
 * already was so, and that is done, not failed (exit 0). `already` says so in words for the
 * caller to show. Anything else keeps the service's refusal and its exit code.
 */
export async function settleRefused(
  req: Pick<RequestOptions, 'method' | 'path' | 'reached'>,
  refusal: ApiError,
  readBack: ReadBack,
): Promise<{ data: unknown; already: string }> {
  if (!req.reached || !refusedFromState(refusal.status)) throw refusal;
  const object = objectPath(req.path);
  const current = await readBack(object).catch(() => undefined);
  if (!current || current.status >= 300 || !req.reached(current.data)) throw refusal;
  return {
    data: current.data,
    already: `the service refused ${req.method} ${req.path} (HTTP ${refusal.status}), and it reads back as that leaves it`,
  };
}

/**
 * What a write answered with success did, in one line for a person or a script that lost its
 * output: the call, and the object it made when the path names none yet (`POST /trips → trip ID`);
 * a write found already done (settleRefused) changed nothing.
 */
export function writeDone(req: Pick<RequestOptions, 'method' | 'path'>, data: unknown, already?: string): string {
  const call = `${req.method} ${req.path}`;
  if (already) return `${call} (already so: nothing changed)`;
  const made = madeObject(data);
  return made && !req.path.toLowerCase().includes(made.id.toLowerCase()) ? `${call} → ${made.kind} ${made.id}` : call;
}

/** The id an answer names: `{trip: {id}}` (a one-key envelope, named by its key) or `{id}`. */
function madeObject(data: unknown): { kind: string; id: string } | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const record = data as Record<string, unknown>;
  if (typeof record.id === 'string') return { kind: 'id', id: record.id };
  const keys = Object.keys(record).filter((key) => key !== 'meta');
  const inner = keys.length === 1 ? record[keys[0]!] : undefined;
  const id = (inner as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? { kind: keys[0]!, id } : undefined;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a write's effect shows, for a caller that knows no verb for it (`api`): the object the
 * path names up to its last id (`/trips/ID/complete` → `/trips/ID`), else the collection itself
 * (`POST /trips` → the list of trips).
 */
export function whereToCheck(path: string): string {
  return `tripctl api GET ${objectPath(path)}`;
}

/** The object a path names, up to its last id (`/trips/ID/complete` → `/trips/ID`), else its collection. */
function objectPath(path: string): string {
  const segments = path.split('/').filter(Boolean);
  let last = -1;
  segments.forEach((segment, index) => {
    if (ID.test(segment)) last = index;
  });
  const shown = last >= 0 ? segments.slice(0, last + 1) : segments.slice(0, 1);
  return `/${shown.join('/')}`;
}
