// Real processes of the built tool changing different profiles of one config dir at the same
// moment: every write lands, and a lock left by a run that died is taken over.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tripctl } from '../support/cli.js';
import { startHostileServer, type HostileServer } from '../faults/hostile-server.js';

let server: HostileServer;
let dir: string;
beforeEach(async () => {
  server = await startHostileServer();
  server.on('GET /company', { json: { company: { id: 'c1', name: 'Co', verified: true } } });
  dir = mkdtempSync(join(tmpdir(), 'tripctl-process-config-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('real processes writing one config dir at the same moment all land (built bin)', () => {
  const PAIRS = 10;

  it(`${PAIRS} pairs of 'config set' on different profiles, all at once: every profile saved`, async () => {
    const runs = Array.from({ length: PAIRS * 2 }, (_, i) =>
      tripctl(['--profile', `p${i}`, 'config', 'set', 'timeout', String(5 + (i % 7))], { configDir: dir, timeoutMs: 60_000 }),
    );
    const results = await Promise.all(runs);
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { profiles: Record<string, { timeout?: number }> };
    for (let i = 0; i < PAIRS * 2; i++) expect(saved.profiles[`p${i}`]?.timeout, `profile p${i}`).toBe(5 + (i % 7));
    expect(readdirSync(dir).filter((name) => name !== 'config.json' && name !== 'cache')).toEqual([]);
  }, 90_000);

  it(`a lock left by a run that died, then ${PAIRS} pairs at once: every profile saved, the lock gone`, async () => {
    const lock = join(dir, 'config.json.lock');
    writeFileSync(lock, '999999');
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, minuteAgo, minuteAgo);
    const runs = Array.from({ length: PAIRS * 2 }, (_, i) =>
      tripctl(['--profile', `s${i}`, 'config', 'set', 'retries', String(i % 10)], { configDir: dir, timeoutMs: 60_000 }),
    );
    const results = await Promise.all(runs);
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { profiles: Record<string, { retries?: number }> };
    for (let i = 0; i < PAIRS * 2; i++) expect(saved.profiles[`s${i}`]?.retries, `profile s${i}`).toBe(i % 10);
    expect(existsSync(lock)).toBe(false);
  }, 90_000);

  it('logins and config sets on different profiles, all at once: every one lands', async () => {
    const runs = Array.from({ length: PAIRS }, (_, i) => [
      tripctl(['--profile', `login${i}`, 'auth', 'login', '--with-key', '--base-url', server.baseUrl], {
        configDir: dir,
        input: `sk_live_login${i}abcdefghijkl\n`,
        timeoutMs: 60_000,
      }),
      tripctl(['--profile', `set${i}`, 'config', 'set', 'retries', String(i % 10)], { configDir: dir, timeoutMs: 60_000 }),
    ]).flat();
    const results = await Promise.all(runs);
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {
      profiles: Record<string, { apiKey?: string; retries?: number }>;
    };
    for (let i = 0; i < PAIRS; i++) {
      expect(saved.profiles[`login${i}`]?.apiKey, `profile login${i}`).toBe(`sk_live_login${i}abcdefghijkl`);
      expect(saved.profiles[`set${i}`]?.retries, `profile set${i}`).toBe(i % 10);
    }
    expect(readdirSync(dir).filter((name) => name !== 'config.json' && name !== 'cache')).toEqual([]);
  }, 90_000);
});
