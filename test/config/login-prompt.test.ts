// `auth login` at a terminal, in-process: it asks for what is missing (the base URL, then the key
// as a password field), verifies, saves. Runs once with a scripted prompter and once with the
// real inquirer prompts reading keystrokes from the buffer stdin.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { testContext } from '../support/context.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

const KEY = 'sk_live_1234567890abcdef1234567890abcdef';
const COMPANY = { company: { id: 'c1', name: 'Aleppo Lines', verified: false } };

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

test('asks for the base URL and the key (as a password), verifies, saves', async () => {
  server.on('GET /company', { body: COMPANY });
  const prompter = new ScriptedPrompter([
    [/base URL/i, () => server.baseUrl],
    [/key/i, () => `  ${KEY}  `],
    // The zone is asked with the country's as the answer Enter gives; the operator names another.
    [/^Time zone for local times:$/, () => 'Asia/Beirut'],
  ]);
  const t = testContext({ stdinIsTTY: true, stderrIsTTY: true, stdoutIsTTY: true, prompter, env: { TZ: 'UTC' } });
  try {
    const code = await t.run(['auth', 'login']);
    expect(t.err()).toContain("Logged in to Aleppo Lines (not verified: the interface is for verified companies) as profile 'default'");
    expect(code).toBe(0);
    expect(prompter.asked.map((q) => q.kind)).toEqual(['input', 'password', 'input']);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    const saved = JSON.parse(readFileSync(join(t.configDir, 'config.json'), 'utf8'));
    // The zone the operator chose, never the system's (UTC here), so later runs from cron read times the same way.
    expect(saved.profiles.default).toEqual({ baseUrl: server.baseUrl, apiKey: KEY, companyName: 'Aleppo Lines', timezone: 'Asia/Beirut' });
    expect(t.err()).toContain('Local times are read and shown in Asia/Beirut');
    expect(t.out()).toBe('');
    expect(t.err()).not.toContain(KEY);
  } finally {
    t.cleanup();
  }
  server.assertAllUsed();
});

test('with --no-input nothing is asked: usage error', async () => {
  const prompter = new ScriptedPrompter([]);
  const t = testContext({ stdinIsTTY: true, stderrIsTTY: true, prompter });
  try {
    expect(await t.run(['auth', 'login', '--no-input'])).toBe(2);
    expect(prompter.asked).toEqual([]);
    expect(t.err()).toMatch(/^tripctl: no base URL to log in to/);
  } finally {
    t.cleanup();
  }
});

test('CI set means no prompts either', async () => {
  const prompter = new ScriptedPrompter([]);
  const t = testContext({ stdinIsTTY: true, stderrIsTTY: true, prompter, env: { CI: 'true', TRIPCTL_BASE_URL: server.baseUrl } });
  try {
    expect(await t.run(['auth', 'login'])).toBe(2);
    expect(prompter.asked).toEqual([]);
    expect(t.err()).toMatch(/no key given/);
  } finally {
    t.cleanup();
  }
});

test('the real terminal prompter reads the key from keystrokes and never echoes it', async () => {
  server.on('GET /company', { body: COMPANY });
  const t = testContext({ stdinIsTTY: true, stderrIsTTY: true, openStdin: true, env: { TRIPCTL_BASE_URL: server.baseUrl } });
  try {
    const running = t.run(['auth', 'login']);
    // Wait for the question on stderr, then type the key and Enter.
    await waitFor(() => t.err().includes('Secret key'));
    t.stdin.write(`${KEY}\r`);
    // The zone is shown; Enter keeps the country's (Syria's: the profile names no country).
    await waitFor(() => /Time zone for local times:\W*\(Asia\/Damascus\)/.test(stripVTControlCharacters(t.err())));
    t.stdin.write('\r');
    expect(await running).toBe(0);
    expect(JSON.parse(readFileSync(join(t.configDir, 'config.json'), 'utf8')).profiles.default.timezone).toBe('Asia/Damascus');
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(t.err()).not.toContain(KEY);
    expect(t.err()).toContain('*'.repeat(8));
  } finally {
    t.stdin.end();
    t.cleanup();
  }
  server.assertAllUsed();
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
