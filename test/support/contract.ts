// The sandbox's document as a contract over the whole suite: every exchange a test has with an
// in-process sandbox (through test/support/sandbox.ts or test/sandbox/http.ts) is checked against
// the strict form of the OpenAPI document that same sandbox serves (closed objects and
// enumerations: what the sandbox itself answers), by an independent validator (ajv, JSON Schema
// 2020-12 as OpenAPI 3.1 uses it). Importing this module registers an afterEach hook in the test
// file, which fails the test during which any drift was seen.
//
// The checks: the operation exists; the answer's status is declared; a JSON answer matches the
// declared schema and a file answer has a declared content type; and a request that breaks the
// document (parameters, headers, body, missing key) got a declared 4XX, never a success.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterEach } from 'vitest';
import type { Exchange } from '../../src/sandbox/index.js';

type Json = Record<string, any>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/** Drift seen since the last test ended, across every sandbox of this test file. */
const drift: string[] = [];

afterEach(() => {
  const found = drift.splice(0);
  if (found.length > 0) {
    throw new Error(
      `the sandbox drifted from its own OpenAPI document:\n- ${found.slice(0, 10).join('\n- ')}${found.length > 10 ? `\n(${found.length - 10} more)` : ''}`,
    );
  }
});

/** Figures for the report: exchanges checked and operations seen. */
export const contractStats = { exchanges: 0, operations: new Set<string>() };

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export interface ContractChecker {
  /** Pass as startSandbox's `observe`; checks start once `load` has the document. */
  observe(exchange: Exchange): void;
  load(document: Json): void;
}

export function contractChecker(): ContractChecker {
  let doc: Json | null = null;
  let ajv: Ajv2020 | null = null;
  const validate = (pointer: string, value: unknown): string | null => {
    const check = ajv!.getSchema(`openapi.json#${pointer}`);
    if (!check) return `no schema at ${pointer}`;
    if (check(value)) return null;
    return (check.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
      .join('; ');
  };

  const requestProblems = (exchange: Exchange, operation: Json, pointer: string): string[] => {
    const out: string[] = [];
    const query = new URLSearchParams(exchange.search);
    const values = exchange.template ? pathValues(exchange.template, exchange.path) : {};
    (operation.parameters ?? []).forEach((p: Json, i: number) => {
      let raw: string | null | undefined;
      if (p.in === 'query') raw = query.get(p.name);
      else if (p.in === 'path') raw = values[p.name];
      else if (p.in === 'header') raw = exchange.requestHeaders[p.name.toLowerCase()];
      if (raw === null || raw === undefined || (raw === '' && p.in === 'query' && !p.required)) {
        if (p.required) out.push(`${p.in} parameter ${p.name} is required`);
        return;
      }
      const problem = validate(`${pointer}/parameters/${i}/schema`, coerce(p.schema, raw));
      if (problem) out.push(`${p.in} parameter ${p.name}: ${problem}`);
    });
    const text = exchange.requestBody.trim();
    const body = operation.requestBody?.content?.['application/json'];
    if (body) {
      let parsed: unknown = {};
      if (text !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          return [...out, 'the body is not JSON'];
        }
      } else if (operation.requestBody.required) out.push('the body is required');
      const problem = validate(`${pointer}/requestBody/content/application~1json/schema`, parsed);
      if (problem) out.push(`body: ${problem}`);
    } else if (text !== '') {
      out.push('a body was sent to an operation that takes none');
    }
    if ((operation.security ?? doc!.security ?? []).length > 0 && !/^Bearer \S+$/i.test(exchange.requestHeaders.authorization ?? '')) {
      out.push('no bearer key');
    }
    return out;
  };

  const check = (exchange: Exchange): string[] => {
    const where = `${exchange.method} ${exchange.path}${exchange.search ? `?${exchange.search}` : ''} → ${exchange.status}`;
    if (exchange.template === null) {
      // Answered before reaching an operation (unknown path or method, malformed URL): one of the
      // document's x-request-errors, in the Error shape.
      const declared = doc!['x-request-errors']?.[String(exchange.status)] as Json | undefined;
      if (!declared) return [`${where}: matched no operation yet answered ${exchange.status}, not in x-request-errors`];
      const body = parseJson(exchange.responseBody) as Json;
      const problem = validate('/components/schemas/Error', body);
      if (problem) return [`${where}: ${problem}`];
      return declared.codes.includes(body.code) ? [] : [`${where}: code ${body.code} is not among x-request-errors ${exchange.status}`];
    }
    const method = exchange.method.toLowerCase();
    const operation = doc!.paths?.[exchange.template]?.[method];
    if (!operation) return [`${where}: ${exchange.method} ${exchange.template} is not in the document`];
    contractStats.operations.add(`${exchange.method} ${exchange.template}`);
    const pointer = `/paths/${escapePointer(exchange.template)}/${method}`;
    const out: string[] = [];
    const status = String(exchange.status);
    const declared = operation.responses[status]
      ? status
      : operation.responses[`${status[0]}XX`]
        ? `${status[0]}XX`
        : operation.responses.default
          ? 'default'
          : null;
    if (declared === null) return [`${where}: status ${status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`];
    const broken = requestProblems(exchange, operation, pointer);
    if (broken.length > 0 && !status.startsWith('4'))
      out.push(`${where}: answered ${status} to a request the document refuses (${broken.join('; ')})`);
    const response = operation.responses[declared];
    const contentType = (exchange.responseHeaders['content-type'] ?? '').split(';')[0]!.trim();
    const content = response.content as Json | undefined;
    if (!content) {
      if (exchange.responseBody.length > 0) out.push(`${where}: a body where the document declares none`);
    } else if (content['application/json']) {
      if (contentType !== 'application/json') out.push(`${where}: content-type ${contentType || 'none'}, declared application/json`);
      else {
        const problem = validate(
          `${pointer}/responses/${escapePointer(declared)}/content/application~1json/schema`,
          parseJson(exchange.responseBody),
        );
        if (problem) out.push(`${where}: response body: ${problem}`);
      }
    } else if (!Object.keys(content).some((type) => type.split(';')[0]!.trim() === contentType)) {
      out.push(`${where}: content-type ${contentType}, declared ${Object.keys(content).join(', ')}`);
    }
    return out;
  };

  return {
    load(document) {
      doc = document;
      ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
      addFormats(ajv);
      ajv.addSchema(document, 'openapi.json');
    },
    observe(exchange) {
      if (doc === null) return;
      contractStats.exchanges++;
      drift.push(...check(exchange));
    },
  };
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return Symbol('not JSON');
  }
}

/** Path parameter values by name, from the template and the path as requested. */
function pathValues(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${template.replace(/\./g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  const match = pattern.exec(path);
  const out: Record<string, string> = {};
  names.forEach((name, i) => {
    try {
      out[name] = decodeURIComponent(match?.[i + 1] ?? '');
    } catch {
      out[name] = match?.[i + 1] ?? '';
    }
  });
  return out;
}

/** A query or path string read as its schema's type, as a server would (only when it looks like one). */
function coerce(schema: Json, raw: string): unknown {
  const types = [schema.type].flat();
  if (types.includes('integer') && /^-?\d+$/.test(raw)) return Number(raw);
  if (types.includes('number') && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}
