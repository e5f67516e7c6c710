// `tripctl mcp` in-process: the server on one end of an in-memory transport pair, the SDK's own
// Client on the other, the sandbox behind, and a person (or no one) answering the client's
// questions. Every text the client receives and every line the server logs is kept, so a test
// can look for the key in all of them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, type ElicitResult, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { buildProgram, main } from '../../src/cli.js';
import { serveMcp } from '../../src/commands/mcp/serve.js';
import { testContext } from '../support/context.js';
import { afterAll, beforeAll } from 'vitest';
import { openSession, type SandboxSession } from '../support/sandbox.js';

/** What the person says to a question: confirm, decline, or (undefined) a client that cannot ask. */
export type Person = ((message: string) => ElicitResult) | undefined;

export const confirms: Person = () => ({ action: 'accept', content: { confirm: true } });
export const declines: Person = () => ({ action: 'decline' });

export interface McpSession {
  client: Client;
  /** The questions the person was asked, in order. */
  questions: string[];
  /** The server's stderr: one line per call. */
  log(): string;
  /** Calls a tool; the answer's texts are kept for the key check. */
  call(name: string, args?: Record<string, unknown>): Promise<{ isError: boolean; text: string; texts: string[] }>;
  close(): Promise<void>;
}

/** Every text any session received or logged, for the check that the key is in none of them. */
export const seen: string[] = [];

/** Profiles in the session's config dir: `sandbox` with the sandbox's full key, as `auth login` saves it. */
export function sandboxProfile(s: SandboxSession, extra: Record<string, unknown> = {}): string {
  const profile = { baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.keys.full, companyName: 'Qasioun Express', ...extra };
  // `reader` holds the read-only key, whose writes the service refuses (403).
  const reader = { baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.keys.readOnly };
  writeFileSync(join(s.configDir, 'config.json'), JSON.stringify({ profiles: { sandbox: profile, reader } }), { mode: 0o600 });
  return s.configDir;
}

/** The test file's sandbox with its profiles saved: started before its tests, closed after. */
export function sandboxForFile(): () => SandboxSession {
  let session: SandboxSession | undefined;
  beforeAll(async () => {
    session = await openSession();
    sandboxProfile(session);
  });
  afterAll(async () => {
    await session?.close();
  });
  return () => session!;
}

export async function openMcp(
  s: SandboxSession,
  opts: { allowWrites?: boolean; yes?: boolean; person?: Person; profile?: string; toolsets?: string[]; env?: Record<string, string> } = {},
): Promise<McpSession> {
  const t = testContext({ configDir: s.configDir, env: { LANG: 'C.UTF-8', ...opts.env } });
  // As `tripctl --profile sandbox mcp` sets it.
  t.ctx.globals = { profile: opts.profile ?? 'sandbox' };
  const program = await buildProgram(t.ctx);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const serving = await serveMcp(
    t.ctx,
    {
      allowWrites: opts.allowWrites === true,
      yes: opts.yes === true,
      run: main,
      program,
      ...(opts.toolsets ? { toolsets: opts.toolsets } : {}),
    },
    serverSide,
  );
  const person = opts.person;
  const client = new Client({ name: 'test-assistant', version: '1.0.0' }, { capabilities: person ? { elicitation: { form: {} } } : {} });
  const questions: string[] = [];
  if (person) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      questions.push(request.params.message);
      seen.push(request.params.message);
      return person(request.params.message);
    });
  }
  await client.connect(clientSide);
  return {
    client,
    questions,
    log: () => t.err(),
    async call(name, args = {}) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const texts = result.content.flatMap((item) => (item.type === 'text' ? [item.text] : []));
      seen.push(...texts);
      return { isError: result.isError === true, text: texts.join('\n'), texts };
    },
    async close() {
      await client.close();
      await serving.close();
      seen.push(t.err(), t.out());
      await t.ctx.dispose();
      t.cleanup();
    },
  };
}
