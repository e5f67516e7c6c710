import { HTTP_METHODS } from '../../input/choices.js';
import { specs } from '../../output/specs.js';
import type { ActionFn } from '../../cmdkit/define.js';

interface OpenApiDocument {
  paths?: Record<string, Record<string, { summary?: string; operationId?: string; 'x-scope'?: string }>>;
}

export const runOpenapi: ActionFn = async (ctx) => {
  const settings = ctx.settings();
  const client = await ctx.client();
  const { data } = await client.request<OpenApiDocument>({ method: 'GET', path: '/openapi.json', auth: false });
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
