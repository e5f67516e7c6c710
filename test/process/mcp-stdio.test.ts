// The built tool over real stdio, as an assistant starts it: the SDK's StdioClientTransport spawns
// `bin/tripctl mcp --profile sandbox`, which loads the SDK from node_modules (it is not bundled),
// lists its tools, answers a call and logs it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, it } from 'vitest';
import { cleanEnv, toolCommand } from '../support/cli.js';
import { sandboxForFile } from '../mcp/support.js';

const sandbox = sandboxForFile();

it('serves over stdio from the bundle, and logs each call on stderr', async () => {
  const transport = new StdioClientTransport({
    ...toolCommand(['mcp', '--profile', 'sandbox']),
    env: cleanEnv(sandbox().configDir) as Record<string, string>,
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
  expect(client.getServerVersion()?.name).toBe('tripctl');
  const names = (await client.listTools()).tools.map((tool) => tool.name);
  expect(names).toContain('cities_list');
  expect(names).not.toContain('bookings_approve');
  const result = (await client.callTool({ name: 'cities_list', arguments: {} })) as CallToolResult;
  const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
  expect(JSON.parse(text).cities).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'damascus', name: 'Damascus' })]));
  await client.close();
  expect(log).toMatch(/^tripctl mcp: serving \d+ tools \(read-only\) on profile 'sandbox'$/m);
  expect(log).toContain('tripctl mcp: cities_list {} → exit 0');
  expect(log).not.toContain(sandbox().sandbox.keys.full);
}, 30_000);
