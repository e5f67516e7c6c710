// Exit codes are a public interface: scripts branch on them, so they live in one table here and
// every failure is turned into one of them before it reaches the entry point.
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  forbidden: 4,
  notFound: 5,
  rejected: 6,
  network: 7,
  /**
   * A file re-run found rows that differ from what is published and sent none of them (`trips
   * publish --from-file` without --update): nothing failed, but the file is not what the service
   * holds. Not 6, which says the service refused something; like diff's 1, a state, not an error.
   */
  differs: 8,
  /**
   * A file run sent some rows (created, changed, cancelled) and held others back: they differ
   * without --update, their change is refused under booked passengers, their trip was cancelled or
   * cannot be paired without a guess, or a booked trip was kept. Apart from 8, where nothing was
   * sent: the service changed, but is not yet what the file says.
   */
  partly: 9,
  interrupted: 130,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** An error meant for the user: one line, an optional hint, and the exit code it maps to. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
    readonly hint?: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(message: string, hint?: string): CliError {
  return new CliError(message, ExitCode.usage, hint);
}

/** ` (HTTP 422, code seats_out_of_range)`: the one way an error's status and code are shown. */
export function httpSuffix(error: CliError): string {
  const { status, code } = error.details;
  return status !== undefined ? ` (HTTP ${String(status)}${code ? `, code ${String(code)}` : ''})` : '';
}

/** The service answered with an error status. */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    hint?: string,
  ) {
    super(message, exitCodeForStatus(status), hint, { status, ...(code ? { code } : {}) });
    this.name = 'ApiError';
  }
}

export function exitCodeForStatus(status: number): ExitCodeValue {
  if (status === 401) return ExitCode.auth;
  if (status === 403) return ExitCode.forbidden;
  if (status === 404) return ExitCode.notFound;
  if (status >= 400 && status < 500) return ExitCode.rejected;
  return ExitCode.failure;
}

/** No answer from the service: refused, reset, DNS failure or time-out. */
export class NetworkError extends CliError {
  constructor(message: string, hint?: string, details: Record<string, unknown> = {}) {
    super(message, ExitCode.network, hint, details);
    this.name = 'NetworkError';
  }
}

export class InterruptedError extends CliError {
  constructor() {
    super('interrupted', ExitCode.interrupted);
    this.name = 'InterruptedError';
  }
}

/** The most severe of several exit codes, for commands that act on many ids. */
export function mostSevere(codes: Iterable<number>): number {
  // Severity follows how much a script should worry, not the numeric order: an unexpected
  // failure (1) outranks a rejection (6), and an interruption outranks everything. Rows left
  // unsent because they differ (8) are the mildest, then rows partly sent (9): anything that failed
  // says more.
  const rank = [0, 8, 9, 6, 5, 4, 3, 7, 2, 1, 130];
  let worst = 0;
  for (const code of codes) if (rank.indexOf(code) > rank.indexOf(worst)) worst = code;
  return worst;
}
