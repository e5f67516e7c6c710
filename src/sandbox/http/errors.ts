// The error the HTTP layer answers with `{error, code}` JSON: its own (400, 401, 403, 405, 413)
// and the domain's rule violations, mapped here to 404, 409 and 422.
import type { RuleError, ViolationKind } from '../domain/errors.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const STATUS_OF: Record<ViolationKind, number> = { not_found: 404, conflict: 409, invalid: 422 };

/** A domain rule violation as the HTTP answer it gets. */
export function fromRule(error: RuleError): HttpError {
  return new HttpError(STATUS_OF[error.kind], error.code, error.message, error.extra);
}
