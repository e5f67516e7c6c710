// The sandbox's OpenAPI document under Redocly's recommended ruleset (the linter the audit used,
// run offline through its library): no errors, no warnings.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';

it("passes Redocly's recommended ruleset with no errors and no warnings", async () => {
  const sandbox = await startSandbox({ port: 0 });
  let source: string;
  try {
    source = await (await fetch(`${sandbox.baseUrl}/openapi.json`)).text();
  } finally {
    await sandbox.close();
  }
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  const lines = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
  expect(lines).toEqual([]);
}, 30_000);
