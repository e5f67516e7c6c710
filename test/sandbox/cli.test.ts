// `tripctl sandbox start` in-process through main(argv, ctx): keys kept in --data across
// restarts, one log line per request on stderr (--quiet turns it off), and a second sandbox that
// saves its own profile instead of repointing the first one's.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { testContext, type TestContext } from '../support/context.js';

const dir = mkdtempSync(join(tmpdir(), 'tripctl-sandbox-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Running {
  t: TestContext;
  baseUrl: string;
  full: string;
  readOnly: string;
  stop(): Promise<number>;
}

/** Waits (polling) until the condition holds; the test's own time-out bounds it. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function start(args: string[], configDir: string, env?: Record<string, string>): Promise<Running> {
  const controller = new AbortController();
  const t = testContext({ signal: controller.signal, configDir, env });
  const exit = t.run(['sandbox', 'start', '--port', '0', ...args]);
  let code: number | undefined;
  void exit.then((c) => (code = c));
  await until(() => code !== undefined || /Ctrl-C stops the sandbox/.test(t.err()));
  if (code !== undefined) throw new Error(`sandbox start exited ${code}: ${t.err()}`);
  const field = (label: string) => new RegExp(`^${label}\\s+(\\S+)$`, 'm').exec(t.out())![1]!;
  return {
    t,
    baseUrl: field('base URL'),
    full: field('full key'),
    readOnly: field('read-only key'),
    stop: async () => {
      controller.abort();
      return exit;
    },
  };
}

function profiles(configDir: string): Record<string, { baseUrl?: string; apiKey?: string }> {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles;
}

async function companyVia(profile: string, configDir: string): Promise<{ code: number; out: string; err: string }> {
  const t = testContext({ configDir });
  const code = await t.run(['--profile', profile, 'company', 'get', '-o', 'json']);
  return { code, out: t.out(), err: t.err() };
}

describe('tripctl sandbox start', () => {
  it('keeps its keys in the --data file, so a saved profile works after a restart', async () => {
    const configDir = mkdtempSync(join(dir, 'config-'));
    const data = join(dir, 'state.json');
    const first = await start(['--data', data, '--quiet'], configDir);
    expect(await first.stop()).toBe(0);
    // It holds the keys whole: only its owner may read it, and so the profile it saved.
    expect(statSync(data).mode & 0o777).toBe(0o600);
    expect(readFileSync(data, 'utf8')).toContain(first.full);
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    // As an older version left it, readable by others: the next save makes it private again.
    chmodSync(data, 0o644);
    const second = await start(['--data', data, '--quiet'], configDir);
    try {
      expect(second.full).toBe(first.full);
      expect(second.readOnly).toBe(first.readOnly);
      // The first sandbox no longer answers, so the profile follows the new one (a new port).
      expect(profiles(configDir).sandbox).toMatchObject({ baseUrl: second.baseUrl, apiKey: first.full });
      const company = await companyVia('sandbox', configDir);
      expect(company.code, company.err).toBe(0);
      expect(JSON.parse(company.out).name).toBe('Qasioun Express');
    } finally {
      expect(await second.stop()).toBe(0);
    }
    expect(statSync(data).mode & 0o777).toBe(0o600);
  }, 30_000);

  it('logs one line per request on stderr: method, path, status, time; --quiet turns it off', async () => {
    const configDir = mkdtempSync(join(dir, 'config-'));
    for (const quiet of [false, true]) {
      const running = await start(quiet ? ['--quiet', '--no-profile'] : ['--no-profile'], configDir);
      try {
        const res = await fetch(`${running.baseUrl}/company`, { headers: { authorization: `Bearer ${running.full}` } });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        const missing = await fetch(`${running.baseUrl}/trips/not-a-uuid?x=1`, { headers: { authorization: `Bearer ${running.full}` } });
        await missing.arrayBuffer();
        const lines = running.t
          .err()
          .split('\n')
          .filter((line) => /^\d\d:\d\d:\d\d {2}/.test(line));
        if (quiet) {
          expect(lines).toEqual([]);
        } else {
          expect(lines).toHaveLength(2);
          expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}GET {4}\/company +200 {2}\d+\.\d ms$/);
          expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d {2}GET {4}\/trips\/not-a-uuid\?x=1 +400 {2}\d+\.\d ms$/);
        }
      } finally {
        expect(await running.stop()).toBe(0);
      }
    }
  }, 30_000);

  it("saves its company's zone in its profile, whatever the machine's, so cron reads times as a terminal does", async () => {
    const configDir = mkdtempSync(join(dir, 'config-'));
    const running = await start(['--quiet'], configDir, { TZ: 'UTC' });
    try {
      expect(running.t.err()).toContain("Saved profile 'sandbox' (local times in Asia/Damascus)");
      expect(profiles(configDir).sandbox).toMatchObject({ baseUrl: running.baseUrl, timezone: 'Asia/Damascus' });
    } finally {
      expect(await running.stop()).toBe(0);
    }
  });

  it('saves a zone the run names instead (TRIPCTL_TZ)', async () => {
    const configDir = mkdtempSync(join(dir, 'config-'));
    const running = await start(['--quiet'], configDir, { TZ: 'UTC', TRIPCTL_TZ: 'Europe/Istanbul' });
    try {
      expect(profiles(configDir).sandbox).toMatchObject({ timezone: 'Europe/Istanbul' });
    } finally {
      expect(await running.stop()).toBe(0);
    }
  });

  it("saves a second sandbox's profile under its own name while the first still answers", async () => {
    const configDir = mkdtempSync(join(dir, 'config-'));
    const first = await start(['--quiet'], configDir);
    const second = await start(['--quiet'], configDir);
    try {
      expect(second.baseUrl).not.toBe(first.baseUrl);
      expect(second.t.err()).toContain("this one gets 'sandbox-2'");
      expect(second.t.err()).toContain("Saved profile 'sandbox-2'");
      const saved = profiles(configDir);
      expect(saved.sandbox).toMatchObject({ baseUrl: first.baseUrl, apiKey: first.full });
      expect(saved['sandbox-2']).toMatchObject({ baseUrl: second.baseUrl, apiKey: second.full });
      // Each profile still reaches its own sandbox with its own key.
      expect((await companyVia('sandbox', configDir)).code).toBe(0);
      expect((await companyVia('sandbox-2', configDir)).code).toBe(0);
    } finally {
      expect(await second.stop()).toBe(0);
      expect(await first.stop()).toBe(0);
    }
  }, 30_000);
});
