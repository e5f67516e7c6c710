// The one error type handlers throw; the server turns it into `{error, code}` JSON.

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

export const notFound = (what: string, id: string): HttpError => new HttpError(404, 'not_found', `${what} ${id} not found`);
export const conflict = (code: string, message: string): HttpError => new HttpError(409, code, message);
export const invalid = (code: string, message: string, field?: string): HttpError => new HttpError(422, code, message, field ? { field } : {});
