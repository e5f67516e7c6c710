// `tripctl __complete KIND [PREFIX]`: values from the service, cached on disk for a minute (mode
// 0600), and nothing at all — no output, no error, exit 0 — when the service fails or hangs.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testContext } from '../support/context.js';
import { tinyService, type TinyService } from './support.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function service(opts: Parameters<typeof tinyService>[0] = {}): Promise<TinyService> {
  const s = await tinyService(opts);
  cleanups.push(() => s.close());
  return s;
}

function configDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-complete-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `__complete` in-process with a clock the test moves. */
async function completeAt(dir: string, baseUrl: string, clock: { now: number }, args: string[], env: Record<string, string> = {}) {
  const t = testContext({
    configDir: dir,
    env: { TRIPCTL_BASE_URL: baseUrl, TRIPCTL_API_KEY: 'sk_test_completion', ...env },
    now: () => new Date(clock.now),
  });
  const code = await t.run(args);
  return { code, stdout: t.out(), stderr: t.err() };
}

const citiesAsked = (s: TinyService) => s.requests.filter((r) => r.startsWith('GET /api/partner/v1/cities')).length;

describe('__complete', () => {
  it('lists city names, English and Arabic, with the other name as description, filtered by prefix', async () => {
    const s = await service();
    const dir = configDir();
    const clock = { now: Date.parse('2026-08-21T10:00:00Z') };
    const all = await completeAt(dir, s.baseUrl, clock, ['__complete', 'cities']);
    expect(all).toEqual({
      code: 0,
      stdout: 'Damascus\tدمشق\nدمشق\tDamascus\nHoms\tحمص\nحمص\tHoms\nDeir ez-Zor\tدير الزور\nدير الزور\tDeir ez-Zor\n',
      stderr: '',
    });
    expect((await completeAt(dir, s.baseUrl, clock, ['__complete', 'cities', 'da'])).stdout).toBe('Damascus\tدمشق\n');
    expect((await completeAt(dir, s.baseUrl, clock, ['__complete', 'vehicles', '123'])).stdout).toBe(
      '123456-DAM\tHyundai County, 18 seats\n',
    );
  });

  it('prints no request trace even with TRIPCTL_DEBUG set: the shell must see only candidates', async () => {
    const s = await service();
    const clock = { now: Date.parse('2026-08-21T10:00:00Z') };
    const result = await completeAt(configDir(), s.baseUrl, clock, ['__complete', 'cities', 'Ho'], { TRIPCTL_DEBUG: '1' });
    expect(result).toEqual({ code: 0, stdout: 'Homs\tحمص\n', stderr: '' });
    expect(citiesAsked(s)).toBe(1);
  });

  it('answers from its cache for 60 seconds, then asks again; the cache file is 0600', async () => {
    const s = await service();
    const dir = configDir();
    const clock = { now: Date.parse('2026-08-21T10:00:00Z') };
    await completeAt(dir, s.baseUrl, clock, ['__complete', 'cities', 'Ho']);
    expect(citiesAsked(s)).toBe(1);
    clock.now += 59_000;
    const cached = await completeAt(dir, s.baseUrl, clock, ['__complete', 'cities', 'Da']);
    expect(cached.stdout).toBe('Damascus\tدمشق\n');
    expect(citiesAsked(s)).toBe(1);
    clock.now += 2_000;
    await completeAt(dir, s.baseUrl, clock, ['__complete', 'cities']);
    expect(citiesAsked(s)).toBe(2);

    expect(readdirSync(join(dir, 'cache'))).toEqual(['complete-default-cities.json']);
    expect(statSync(join(dir, 'cache', 'complete-default-cities.json')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'cache')).mode & 0o777).toBe(0o700);
  });

  it('does not answer from the cache of another base URL', async () => {
    const first = await service();
    const second = await service();
    const dir = configDir();
    const clock = { now: Date.parse('2026-08-21T10:00:00Z') };
    await completeAt(dir, first.baseUrl, clock, ['__complete', 'cities']);
    await completeAt(dir, second.baseUrl, clock, ['__complete', 'cities']);
    expect([citiesAsked(first), citiesAsked(second)]).toEqual([1, 1]);
  });

  it('prints nothing and exits 0 when the service fails, refuses, or is not configured', async () => {
    const broken = await service({ status: 500 });
    const clock = { now: Date.parse('2026-08-21T10:00:00Z') };
    expect(await completeAt(configDir(), broken.baseUrl, clock, ['__complete', 'cities'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(broken.requests).toHaveLength(1); // no retries
    const gone = await tinyService();
    await gone.close();
    expect(await completeAt(configDir(), gone.baseUrl, clock, ['__complete', 'trips'])).toEqual({ code: 0, stdout: '', stderr: '' });
    const t = testContext({ configDir: configDir() });
    expect(await t.run(['__complete', 'bookings'])).toBe(0);
    expect([t.out(), t.err()]).toEqual(['', '']);
    expect(await completeAt(configDir(), broken.baseUrl, clock, ['__complete', 'no-such-kind'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('prints nothing, even with an unknown --profile or a broken config file', async () => {
    const dir = configDir();
    writeFileSync(join(dir, 'config.json'), '{not json');
    const t = testContext({ configDir: dir });
    expect(await t.run(['--profile', 'nope', '__complete', 'cities', 'Da'])).toBe(0);
    expect([t.out(), t.err()]).toEqual(['', '']);
  });

  it('lists saved profiles from the config file without asking the service', async () => {
    const dir = configDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ defaultProfile: 'live', profiles: { live: {}, sandbox: {}, staging: {} } }), {
      mode: 0o600,
    });
    const t = testContext({ configDir: dir });
    expect(await t.run(['__complete', 'profiles', 's'])).toBe(0);
    expect(t.out()).toBe('sandbox\nstaging\n');
    const all = testContext({ configDir: dir });
    await all.run(['__complete', 'profiles']);
    expect(all.out()).toBe('live\tdefault\nsandbox\nstaging\n');
  });

  it('is hidden from help', async () => {
    const t = testContext();
    cleanups.push(() => t.cleanup());
    await t.run(['--help']);
    expect(t.out()).toContain('completion');
    expect(t.out()).not.toContain('__complete');
    expect(t.out()).not.toContain('__reference');
  });
});
