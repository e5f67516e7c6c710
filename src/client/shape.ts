// What a command relies on in an answer, checked before the answer is trusted: a script must
// never get exit 0 and empty output because the service (or a proxy in between) sent something
// else. Extra fields are never a problem: they pass through to -o json untouched.
import { CliError, ExitCode } from '../errors.js';

export type Shape =
  /** One object, bare or inside `{<key>: {...}}`. */
  | { kind: 'object'; key?: string }
  /** A whole list: an array, or `{<key>: [...]}`. */
  | { kind: 'list'; key: string }
  /** One page of a paged list: `{<key>: [...], meta: {page, perPage, total, lastPage}}`, integers. */
  | { kind: 'page'; key: string };

export interface PageMeta {
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}

/** The answer was not what the call relies on: exit 1, one line naming the call and the problem. */
export function badAnswer(call: string, problem: string): CliError {
  return new CliError(`the service's answer to ${call} ${problem}`, ExitCode.failure, 'run again with --debug to see the answer');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Throws unless `data` has the shape; `empty` says the body had no bytes at all. */
export function checkShape(data: unknown, shape: Shape, call: string, status: number, empty: boolean): void {
  if (empty)
    throw badAnswer(
      call,
      `is empty (HTTP ${status}), where ${shape.kind === 'object' ? 'an object' : `a "${shape.key}" list`} was expected`,
    );
  if (shape.kind === 'object') {
    const inner = shape.key !== undefined && isRecord(data) && shape.key in data ? data[shape.key] : data;
    if (!isRecord(inner)) throw badAnswer(call, `is ${describeValue(inner)}, not an object`);
    if (Object.keys(inner).length === 0) throw badAnswer(call, 'is an empty object');
    return;
  }
  if (shape.kind === 'list' && Array.isArray(data)) return;
  if (!isRecord(data)) throw badAnswer(call, `is ${describeValue(data)}, not an object with a "${shape.key}" list`);
  if (!(shape.key in data)) throw badAnswer(call, `has no "${shape.key}" list`);
  if (!Array.isArray(data[shape.key])) throw badAnswer(call, `has "${shape.key}" as ${describeValue(data[shape.key])}, not a list`);
  if (shape.kind === 'page') pageMeta(data, call);
}

/** The meta of a page; every field an integer (page and perPage at least 1), else a bad answer. */
export function pageMeta(data: unknown, call: string): PageMeta {
  const meta = isRecord(data) ? data.meta : undefined;
  if (!isRecord(meta)) throw badAnswer(call, 'has no "meta" object (page, perPage, total, lastPage)');
  for (const field of ['page', 'perPage', 'total', 'lastPage'] as const) {
    const value = meta[field];
    const min = field === 'total' || field === 'lastPage' ? 0 : 1;
    if (!Number.isSafeInteger(value) || (value as number) < min)
      throw badAnswer(call, `has meta.${field} ${JSON.stringify(value) ?? 'missing'}, not a whole number from ${min}`);
  }
  return meta as unknown as PageMeta;
}

export function parseJson(text: string, status: number, type: string, call: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    if (status >= 400) return null;
    const what = type && !type.includes('json') ? `${type.split(';')[0]}, not JSON` : 'not valid JSON';
    throw badAnswer(call, `is ${what} (HTTP ${status})`);
  }
}

export function parseJsonQuietly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
