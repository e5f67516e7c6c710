// Prompts and resources: the day's work as prompts (prompts.ts), and the reference data a model
// should not spend tool calls on — cities, the fleet, drivers, the company's zone and currency —
// as resources. A resource is a verb's answer that the verb declared so (AssistantSpec.resources),
// read the way a tool call runs it (run-verb.ts): the same records, no list of them here.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Context } from '../../context.js';
import { sanitizeLine } from '../../output/sanitize.js';
import type { ToolSpec } from './catalogue.js';
import { PROMPTS, promptResult } from './prompts.js';
import type { RunCommand } from './run-command.js';
import { runVerb } from './call/run-verb.js';

const SCHEME = 'tripctl://';

export async function serveReference(ctx: Context, server: Server, tools: ToolSpec[], run: RunCommand): Promise<void> {
  const types = await import('@modelcontextprotocol/sdk/types.js');
  const { ErrorCode, McpError } = types;
  server.setRequestHandler(types.ListPromptsRequestSchema, () => ({ prompts: PROMPTS.map(({ text: _text, ...prompt }) => prompt) }));
  server.setRequestHandler(types.GetPromptRequestSchema, (request) => {
    const prompt = PROMPTS.find((p) => p.name === request.params.name);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `no prompt named ${request.params.name}`);
    const args = request.params.arguments ?? {};
    const missing = (prompt.arguments ?? []).filter((arg) => arg.required && !args[arg.name]?.trim());
    if (missing.length)
      throw new McpError(ErrorCode.InvalidParams, `prompt ${prompt.name} needs ${missing.map((arg) => arg.name).join(', ')}`);
    return promptResult(prompt, args);
  });
  const resources = tools.flatMap((tool) => tool.resources.map((resource) => ({ tool, ...resource, uri: `${SCHEME}${resource.name}` })));
  server.setRequestHandler(types.ListResourcesRequestSchema, () => ({
    resources: resources.map(({ uri, name, description }) => ({ uri, name, description, mimeType: 'application/json' })),
  }));
  server.setRequestHandler(types.ReadResourceRequestSchema, async (request, extra) => {
    const { uri } = request.params;
    const resource = resources.find((r) => r.uri === uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `no resource ${uri}; there are ${resources.map((r) => r.uri).join(', ')}`);
    // Reference data is read, never written: a verb that asks to write is refused.
    const result = await runVerb(ctx, run, resource.tool.path, {
      signal: extra.signal,
      confirm: async () => {
        throw new Error(`${uri} reads only`);
      },
    });
    ctx.io.err(`${sanitizeLine(`tripctl mcp: read ${uri} → exit ${result.code}`)}\n`);
    if (result.code !== 0) throw new McpError(ErrorCode.InternalError, ctx.io.redact(result.stderr.trim()).split('\n')[0] ?? 'failed');
    let answer = JSON.parse(result.stdout) as Record<string, unknown>;
    if (resource.only) answer = kept(answer, resource.only);
    return { contents: [{ uri, mimeType: 'application/json', text: ctx.io.redact(JSON.stringify(answer)) }] };
  });
}

/** A list answer with only the records that have these values (`{role: 'driver'}`); its total recounted. */
function kept(answer: Record<string, unknown>, only: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...answer };
  for (const [key, value] of Object.entries(answer)) {
    if (!Array.isArray(value)) continue;
    const records = value.filter((record: Record<string, unknown>) =>
      Object.entries(only).every(([field, wanted]) => record[field] === wanted),
    );
    out[key] = records;
    out.total = records.length;
  }
  return out;
}
