// Rule violations as the domain states them, with no HTTP status: the HTTP layer
// (http/errors.ts) answers not_found with 404, conflict with 409 and invalid with 422.

export type ViolationKind = 'not_found' | 'conflict' | 'invalid';

export class RuleError extends Error {
  constructor(
    readonly kind: ViolationKind,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'RuleError';
  }
}

/** An unknown record, or one of another company: existence is never revealed. */
export const notFound = (what: string, id: string): RuleError => new RuleError('not_found', 'not_found', `${what} ${id} not found`);
/** The state of a record does not allow the move. */
export const conflict = (code: string, message: string, extra: Record<string, unknown> = {}): RuleError =>
  new RuleError('conflict', code, message, extra);
/** A value breaks a rule; `field` names it. */
export const invalid = (code: string, message: string, field?: string): RuleError =>
  new RuleError('invalid', code, message, field ? { field } : {});
