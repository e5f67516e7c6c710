// The shape of one row of the route table. The router (server.ts) and the OpenAPI document
// (openapi/document.ts) are both generated from the rows, so what is served and what is documented agree.
import type { EventDispatcherApi } from '../contracts.js';
import type { Core } from '../domain/model.js';
import type { Schema } from '../openapi/json-schema.js';
import type { CompanyRec, KeyRec, Scope } from '../domain/state.js';

export type { KeyRec } from '../domain/state.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Param {
  name: string;
  description?: string;
  required?: boolean;
  schema: Schema;
  example?: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

/** The running sandbox as routes see it. */
export interface SandboxCore extends Core {
  readonly dispatcher: EventDispatcherApi;
  readonly keys: KeyRec[];
  readonly requests: RecordedRequest[];
  readonly origin: string;
  readonly baseUrl: string;
  /** Company A, the company of the printed keys (admin routes default to it). */
  primaryCompanyId(): string;
  /** Moves the sandbox clock forward. */
  advanceClock(ms: number): void;
  /** Replaces the state with fresh seed data (keys stay valid). */
  reset(): void;
}

export interface HandlerContext {
  core: SandboxCore;
  /** The key's company; for admin routes, company A. */
  company: CompanyRec;
  key: KeyRec | null;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export interface FileResult {
  contentType: string;
  filename: string;
  /** The bytes, or their promise (PDFs are made asynchronously). */
  data: Buffer | Promise<Buffer>;
}

export interface Result {
  status?: number;
  json?: unknown;
  file?: FileResult;
  headers?: Record<string, string>;
}

export interface Route {
  operationId: string;
  method: Method;
  /** Template, relative to /api/partner/v1 (or to the origin for admin routes, which start /__sandbox). */
  path: string;
  /** Admin route: no key, outside the partner interface, tagged 'sandbox'. */
  admin?: boolean;
  scope: Scope | 'none';
  tag: string;
  summary: string;
  description?: string;
  /** Success status. */
  status: number;
  /** Path parameters; each defaults to a UUID (non-UUIDs answer 400 invalid_id). */
  pathParams?: Record<string, Param>;
  query?: Param[];
  headers?: Param[];
  /** JSON request body; an absent or empty body is validated as {}. */
  body?: Schema;
  /** Idempotency-Key makes retries safe (http/idempotency.ts replays the first success). */
  idempotent?: boolean;
  /** Rewrites the parsed body before validation (aliases). */
  normalize?(body: Record<string, unknown>): Record<string, unknown>;
  /** JSON response body on success (absent: no body, e.g. 204). */
  response?: Schema;
  /** Downloads: content types the success response may have. */
  files?: string[];
  /** What the sandbox decided for this operation where partner-api.md is silent (x-sandbox-decision). */
  decision?: string;
  /** Error codes beyond the automatic ones, by status. */
  errors?: Partial<Record<number, string[]>>;
  handler(ctx: HandlerContext): Result | Promise<Result>;
}
