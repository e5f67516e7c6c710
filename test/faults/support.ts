// What every fault test shares: the service's objects, pages with meta, the in-process run against
// a hostile server, and the checks for what may never reach a terminal or a line-oriented stream.
import { runInProcess, type TestContextOptions } from '../support/context.js';
import type { HostileServer } from './hostile-server.js';

/** The key the fault tests configure; long and secret-shaped, so any full echo is a leak. */
export const KEY = 'sk_live_faultsuite0123456789abcdef';

/** A deterministic UUID (version 4 layout) for item n. */
export function uuidFor(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export function trip(n: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuidFor(n),
    status: 'published',
    fromCityId: 'damascus',
    toCityId: 'aleppo',
    departureAt: '2026-12-01T08:30:00.000Z',
    pricePerSeat: 150000,
    totalSeats: 20,
    seatsBooked: 3,
    vehicleId: uuidFor(900_000),
    ...fields,
  };
}

export function booking(n: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuidFor(n),
    tripId: uuidFor(1),
    status: 'requested',
    seats: 2,
    source: 'partner_api',
    boardedAt: null,
    noShow: false,
    groupName: 'g',
    ...fields,
  };
}

export function payment(n: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: uuidFor(n), status: 'paid', bookingId: uuidFor(n + 1000), amount: 300000, ...fields };
}

export const MAKERS = { trips: trip, bookings: booking, payments: payment } as const;
export type ListKey = keyof typeof MAKERS;

/** Items first..first+count-1 of a list. */
export function items(key: ListKey, first: number, count: number, fields: Record<string, unknown> = {}): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, i) => MAKERS[key](first + i, fields));
}

/** One page of a paged list, with honest meta unless `meta` overrides it. */
export function page(
  key: ListKey,
  pageNo: number,
  perPage: number,
  total: number,
  meta: Record<string, unknown> | null = {},
): Record<string, unknown> {
  const first = (pageNo - 1) * perPage + 1;
  const count = Math.max(0, Math.min(perPage, total - first + 1));
  const body: Record<string, unknown> = { [key]: items(key, first, count) };
  if (meta !== null) body.meta = { page: pageNo, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)), ...meta };
  return body;
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs argv in-process against the server with the suite's key (loopback http is allowed). A run
 * still going after `limitMs` is interrupted (it then ends with 130, which no test expects), so a
 * command that never ends fails its test with its output instead of hanging the suite.
 */
export async function cli(
  server: HostileServer,
  argv: string[],
  opts: TestContextOptions & { key?: string; limitMs?: number } = {},
): Promise<Ran> {
  const { key, env, limitMs, ...rest } = opts;
  const { code, stdout, stderr } = await runInProcess(argv, {
    signal: AbortSignal.timeout(limitMs ?? 15_000),
    ...rest,
    env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: key ?? KEY, ...env },
  });
  return { code, stdout, stderr };
}

/**
 * Characters that may not reach a terminal or a line-oriented stream from service text: C0
 * controls but tab and newline (carriage return only as part of CRLF when `crlf`), ESC among
 * them, C1 controls, and the bidi controls.
 */
export function forbiddenIn(text: string, opts: { crlf?: boolean } = {}): string[] {
  const found = new Set<string>();
  const unsafe = /[\u0000-\u0008\u000b-\u001f\u0080-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/gu;
  const checked = opts.crlf ? text.replace(/\r\n/g, '\n') : text;
  for (const match of checked.matchAll(unsafe)) found.add(`U+${match[0].codePointAt(0)!.toString(16).padStart(4, '0')}`);
  return [...found];
}

/** Lines of a line-oriented output (a final line end does not make an empty record). */
export function lines(text: string, opts: { crlf?: boolean } = {}): string[] {
  const split = text.split(opts.crlf ? /\r?\n/ : '\n');
  if (split.at(-1) === '') split.pop();
  return split;
}

/** stderr lines that are errors (`tripctl: …`), not warnings or hints. */
export function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('tripctl: ') && !line.startsWith('tripctl: warning:'));
}
