// A small subset of JSON Schema (2020-12, as OpenAPI 3.1 uses it) that the route table is written
// in. The same objects are the validator of requests and the schemas of the OpenAPI document, so
// what the sandbox checks and what it documents cannot disagree.
import { HttpError } from '../http/errors.js';

export type SchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

/** The keywords a validation failure can map to a specific error code through `x-codes`. */
export type CodedKeyword =
  | 'required'
  | 'type'
  | 'enum'
  | 'minimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'format'
  | 'minItems'
  | 'maxItems';

export interface Schema {
  $ref?: string;
  type?: SchemaType | SchemaType[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  /** Documented (and checked by the route's normalize where it matters), not evaluated by violations(). */
  anyOf?: Schema[];
  enum?: Array<string | number | boolean | null>;
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  deprecated?: boolean;
  /** Error codes for failures of this property, by keyword (default: validation_failed). */
  'x-codes'?: Partial<Record<CodedKeyword, string>>;
  /** Values outside the enum that get their own code and message: value → [code, message]. */
  'x-enum-codes'?: Record<string, [string, string]>;
  /**
   * An enumeration partner-api.md leaves open: the sandbox answers only these values (its strict
   * form checks so), while the served document lists them as known values (document.ts).
   */
  'x-open-enum'?: true;
  /** What the sandbox decided where partner-api.md is silent (served as is, in both forms). */
  'x-sandbox-decision'?: string;
  [extension: `x-${string}`]: unknown;
}

/** Named schemas, served under components.schemas and referenced with $ref. */
export const registry = new Map<string, Schema>();

/** Registers a named schema and returns a $ref to it. */
export function named(name: string, schema: Schema): Schema {
  registry.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

export function resolve(schema: Schema): Schema {
  if (schema.$ref === undefined) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = registry.get(name);
  if (!target) throw new Error(`unknown schema ${schema.$ref}`);
  return resolve(target);
}

// Shorthands that keep the route table readable.
export const str = (extra: Partial<Schema> = {}): Schema => ({ type: 'string', ...extra });
export const int = (extra: Partial<Schema> = {}): Schema => ({ type: 'integer', ...extra });
export const bool = (extra: Partial<Schema> = {}): Schema => ({ type: 'boolean', ...extra });
/** The schema or null (an enum gains null too, as JSON Schema requires). */
export const nullable = (schema: Schema): Schema => ({
  ...schema,
  type: [schema.type as SchemaType, 'null'],
  ...(schema.enum ? { enum: [...schema.enum, null] } : {}),
});
/** A string enumeration partner-api.md leaves open (see x-open-enum). */
export const known = (values: readonly string[], extra: Partial<Schema> = {}): Schema =>
  str({ enum: [...values], 'x-open-enum': true, ...extra });
/** The schema, marked with what the sandbox decided there. */
export const decided = (why: string, schema: Schema): Schema => ({ ...schema, 'x-sandbox-decision': why });
export const arr = (items: Schema, extra: Partial<Schema> = {}): Schema => ({ type: 'array', items, ...extra });
export function obj(properties: Record<string, Schema>, required: string[] = [], extra: Partial<Schema> = {}): Schema {
  return { type: 'object', properties, required, ...extra };
}
/** Every property required and no other: the shape of a response object. */
export function shape(properties: Record<string, Schema>, extra: Partial<Schema> = {}): Schema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false, ...extra };
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORMATS: Record<string, (value: string) => boolean> = {
  uuid: (v) => UUID_RE.test(v),
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
  date: (v) =>
    /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  uri: (v) => {
    try {
      new URL(v);
      return true;
    } catch {
      return false;
    }
  },
  byte: (v) => /^[A-Za-z0-9+/]*={0,2}$/.test(v.replace(/\s+/g, '')),
};

function typeOf(value: unknown): SchemaType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as SchemaType;
}

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

export interface Violation {
  path: string;
  keyword: CodedKeyword;
  message: string;
  code: string;
}

/** All violations of value against schema; path names the field ('seats', 'events[1]'). */
export function violations(schema: Schema, value: unknown, path = ''): Violation[] {
  const s = resolve(schema);
  const label = path === '' ? 'the body' : path;
  const fail = (keyword: CodedKeyword, message: string): Violation[] => [
    { path, keyword, message, code: s['x-codes']?.[keyword] ?? 'validation_failed' },
  ];
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const actual = typeOf(value);
    const ok = types.includes(actual) || (actual === 'integer' && types.includes('number'));
    if (!ok)
      return fail(
        'type',
        `${label} must be ${types.map((t) => (t === 'integer' ? 'an integer' : t === 'object' ? 'an object' : t === 'array' ? 'an array' : t === 'null' ? 'null' : `a ${t}`)).join(' or ')}, not ${describe(value)}`,
      );
  }
  if (s.const !== undefined && value !== s.const) return fail('enum', `${label} must be ${describe(s.const)}`);
  if (s.enum && !s.enum.includes(value as string)) {
    const special = (s['x-enum-codes'] as Record<string, [string, string]> | undefined)?.[String(value)];
    if (special) return [{ path, keyword: 'enum', code: special[0], message: `${label}: ${special[1]}` }];
    return fail('enum', `${label} must be one of ${s.enum.join(', ')}, not ${describe(value)}`);
  }
  if (typeof value === 'number') {
    if (s.minimum !== undefined && value < s.minimum) {
      return fail(
        'minimum',
        s.maximum !== undefined
          ? `${label} must be between ${s.minimum} and ${s.maximum}, not ${value}`
          : `${label} must be at least ${s.minimum}, not ${value}`,
      );
    }
    if (s.maximum !== undefined && value > s.maximum) {
      return fail(
        'maximum',
        s.minimum !== undefined
          ? `${label} must be between ${s.minimum} and ${s.maximum}, not ${value}`
          : `${label} must be at most ${s.maximum}, not ${value}`,
      );
    }
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (s.minLength !== undefined && length < s.minLength) {
      return fail('minLength', s.minLength === 1 ? `${label} must not be empty` : `${label} must be at least ${s.minLength} characters`);
    }
    if (s.maxLength !== undefined && length > s.maxLength) {
      return fail('maxLength', `${label} must be at most ${s.maxLength} characters, not ${length}`);
    }
    if (s.format !== undefined && FORMATS[s.format] && !FORMATS[s.format]!(value)) {
      const what =
        { uuid: 'a UUID', 'date-time': 'an ISO 8601 date-time with offset', date: 'a date YYYY-MM-DD', uri: 'a URL', byte: 'base64' }[
          s.format
        ] ?? s.format;
      return fail('format', `${label} must be ${what}, not ${describe(value)}`);
    }
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(value)) {
      return fail('pattern', `${label} ${s['x-pattern-message'] ?? `must match ${s.pattern}`}, not ${describe(value)}`);
    }
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems) {
      return fail(
        'minItems',
        s.minItems === 1 ? `${label} must list at least one item` : `${label} must list at least ${s.minItems} items`,
      );
    }
    if (s.maxItems !== undefined && value.length > s.maxItems) return fail('maxItems', `${label} must list at most ${s.maxItems} items`);
    const out: Violation[] = [];
    if (s.items) value.forEach((item, i) => out.push(...violations(s.items!, item, `${path}[${i}]`)));
    return out;
  }
  if (typeOf(value) === 'object') {
    const record = value as Record<string, unknown>;
    const out: Violation[] = [];
    for (const name of s.required ?? []) {
      if (record[name] === undefined) {
        const sub = s.properties?.[name] ? resolve(s.properties[name]!) : undefined;
        out.push({
          path: join(path, name),
          keyword: 'required',
          message: `${join(path, name)} is required`,
          code: sub?.['x-codes']?.required ?? 'validation_failed',
        });
      }
    }
    for (const [name, item] of Object.entries(record)) {
      const sub = s.properties?.[name];
      if (sub) out.push(...violations(sub, item, join(path, name)));
      else if (s.additionalProperties === false) {
        out.push({
          path: join(path, name),
          keyword: 'type',
          message: `${join(path, name)} is not a field of ${label}${s.properties ? ` (known: ${Object.keys(s.properties).join(', ')})` : ''}`,
          code: 'unknown_field',
        });
      } else if (typeof s.additionalProperties === 'object') out.push(...violations(s.additionalProperties, item, join(path, name)));
    }
    return out;
  }
  return [];
}

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** Throws the first violation as a 422 (the error text names the field). */
export function check(schema: Schema, value: unknown, where = ''): void {
  const found = violations(schema, value, where);
  const first = found[0];
  if (first) {
    throw new HttpError(422, first.code, first.message, { field: first.path || undefined });
  }
}
