// Every operation of the sandbox's OpenAPI document is reached by at least one command, so a new
// endpoint cannot go unserved. Commands declare the operations they call (`calls`); this test
// walks the whole commander tree and matches them against the document.
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { callsOf } from '../../src/cmdkit/define.js';
import type { startSandbox } from '../../src/sandbox/index.js';
import { testContext } from '../support/context.js';
import { startCheckedSandbox } from '../support/sandbox.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

function walk(command: Command, trail: string[] = [], into = new Map<string, string[]>()): Map<string, string[]> {
  for (const call of callsOf(command)) {
    const [method, path] = call.split(' ');
    const key = `${method} ${path!.replace(/\{[^}]+\}/g, '{}')}`;
    into.set(key, [...(into.get(key) ?? []), trail.join(' ')]);
  }
  for (const sub of command.commands) walk(sub, [...trail, sub.name()], into);
  return into;
}

describe('command coverage of the OpenAPI document', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('reaches every operation of the partner interface with some command', async () => {
    const doc = (await (await fetch(`${sandbox.baseUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const all: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
          all.push(`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`);
      }
    }
    // The partner interface; the sandbox's own admin routes (/__sandbox/) need not all be served.
    const operations = all.filter((op) => !op.includes(' /__sandbox'));
    expect(operations.length).toBeGreaterThanOrEqual(50);

    const t = testContext();
    const commands = walk(await buildProgram(t.ctx));
    t.cleanup();
    const unserved = operations.filter((op) => !commands.has(op));
    expect(unserved).toEqual([]);
    // And no command claims an operation the document does not have.
    const unknown = [...commands.keys()].filter((op) => !all.includes(op));
    expect(unknown).toEqual([]);
    // The table of which command serves what, for whoever reads the test output.
    for (const op of operations.sort()) console.log(`${op.padEnd(44)} ${commands.get(op)!.join(', ')}`);
  });
});
