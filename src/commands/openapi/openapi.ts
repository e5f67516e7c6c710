import { HTTP_METHODS } from '../../input/choices.js';
import type { ResourceSpec } from '../../output/columns.js';
import { specs } from '../../output/specs.js';
import type { ActionFn } from '../../cmdkit/define.js';

interface OpenApiDocument {
  paths?: Record<string, Record<string, { summary?: string; operationId?: string; 'x-scope'?: string }>>;
}

/** The extension the sandbox marks each of its decisions with (where partner-api.md is silent). */
const DECISION = 'x-sandbox-decision';

const decisionSpec: ResourceSpec = {
  name: 'decision',
  columns: [
    { header: 'WHERE', path: 'where' },
    { header: 'DECISION', path: 'decision', priority: 4, minWidth: 20 },
  ],
};

/** Steps of a pointer that say nothing to a reader. */
const SILENT = new Set(['content', 'application/json', 'schema', 'properties']);

/** Where a node of the document is, as a person names it: `POST /schedules body intervalDays`, `Trip.currency`. */
function placeOf(pointer: string[]): string {
  const segments = pointer.filter((s) => !SILENT.has(s)).map((s) => (s === 'requestBody' ? 'body' : s === 'responses' ? 'answer' : s));
  const [top, a, b, ...rest] = segments;
  if (top === 'paths' && a !== undefined) {
    const operation = b !== undefined && (HTTP_METHODS as readonly string[]).includes(b.toUpperCase()) ? `${b.toUpperCase()} ${a}` : a;
    return [operation, ...rest].join(' ');
  }
  if (top === 'components' && a === 'schemas' && b !== undefined) return [b, ...rest].join('.');
  return segments.length === 0 ? '(the document)' : segments.join(' ');
}

/** Every x-sandbox-decision in the document, in document order. */
export function decisionsOf(document: unknown): Array<{ where: string; decision: string }> {
  const out: Array<{ where: string; decision: string }> = [];
  const walk = (node: unknown, segments: string[]): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        const { name, in: where } = (item ?? {}) as { name?: unknown; in?: unknown };
        // A parameter by its name, not its index: `query perPage`.
        walk(item, [
          ...segments.slice(0, -1),
          typeof name === 'string' && typeof where === 'string' ? `${where} ${name}` : `${segments.at(-1)} ${i}`,
        ]);
      });
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === DECISION && typeof value === 'string') out.push({ where: placeOf(segments), decision: value });
        else walk(value, [...segments, key]);
      }
    }
  };
  walk(document, []);
  return out;
}

export const runOpenapi: ActionFn<{ decisions?: boolean }> = async (ctx, { opts }) => {
  const settings = ctx.settings();
  const client = await ctx.client();
  const { data } = await client.request<OpenApiDocument>({ method: 'GET', path: '/openapi.json', auth: false });
  if (opts.decisions) {
    await ctx.renderer().list([decisionsOf(data)], decisionSpec);
    return;
  }
  if (ctx.dataOutput || !settings.outputChosen) {
    await ctx.renderer({ format: settings.output === 'table' ? 'json' : settings.output }).object(data);
    return;
  }
  const operations = Object.entries(data.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method.toUpperCase()))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, scope: op['x-scope'] ?? '', summary: op.summary ?? '' })),
  );
  await ctx.renderer().list([operations], specs.operation);
};
