// The config store in-process: where the file lives, reading, atomic updates with modes.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { ConfigStore, configDir } from '../../src/config/store.js';
import { CliError, ExitCode } from '../../src/errors.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tripctl-store-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('the directory: TRIPCTL_CONFIG_DIR, else XDG_CONFIG_HOME/tripctl, else ~/.config/tripctl', () => {
  expect(configDir({ TRIPCTL_CONFIG_DIR: '/x/y', XDG_CONFIG_HOME: '/z' })).toBe('/x/y');
  if (process.platform === 'linux') {
    expect(configDir({ XDG_CONFIG_HOME: '/z' })).toBe('/z/tripctl');
    expect(configDir({})).toBe(join(homedir(), '.config', 'tripctl'));
  }
});

test('no file yet reads as no profiles, and creates nothing', () => {
  const store = new ConfigStore({ TRIPCTL_CONFIG_DIR: join(root, 'cfg') });
  expect(store.read()).toEqual({ profiles: {} });
  expect(readdirSync(root)).toEqual([]);
});

test('update writes the whole file through conf, 0600 in a 0700 dir, and the cache follows', async () => {
  const dir = join(root, 'cfg');
  const store = new ConfigStore({ TRIPCTL_CONFIG_DIR: dir });
  await store.update((config) => {
    config.profiles.default = { baseUrl: 'https://h/api/partner/v1', apiKey: 'sk_live_aaaaaaaaaaaaaaaa' };
    config.defaultProfile = 'default';
  });
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  expect(statSync(store.path).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({
    defaultProfile: 'default',
    profiles: { default: { baseUrl: 'https://h/api/partner/v1', apiKey: 'sk_live_aaaaaaaaaaaaaaaa' } },
  });
  expect(store.read().defaultProfile).toBe('default');
  // No temp files left beside it.
  expect(readdirSync(dir)).toEqual(['config.json']);
  // A fresh store reads what was written.
  expect(new ConfigStore({ TRIPCTL_CONFIG_DIR: dir }).read()).toEqual(store.read());
});

test('a corrupt file is a CliError with exit 1 and a hint, not a SyntaxError', () => {
  const dir = join(root, 'cfg');
  mkdirSync(dir);
  writeFileSync(join(dir, 'config.json'), '{oops', { mode: 0o600 });
  const store = new ConfigStore({ TRIPCTL_CONFIG_DIR: dir });
  let error: unknown;
  try {
    store.read();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).exitCode).toBe(ExitCode.failure);
  expect((error as CliError).hint).toMatch(/auth login/);
});

test('an empty file and a file without profiles read as no profiles', () => {
  const dir = join(root, 'cfg');
  mkdirSync(dir);
  writeFileSync(join(dir, 'config.json'), '', { mode: 0o600 });
  expect(new ConfigStore({ TRIPCTL_CONFIG_DIR: dir }).read()).toEqual({ profiles: {} });
  writeFileSync(join(dir, 'config.json'), '{"defaultProfile":"x"}', { mode: 0o600 });
  expect(new ConfigStore({ TRIPCTL_CONFIG_DIR: dir }).read()).toEqual({ defaultProfile: 'x', profiles: {} });
});

test('a directory where the file should be is a clear error', () => {
  const dir = join(root, 'cfg');
  mkdirSync(join(dir, 'config.json'), { recursive: true });
  expect(() => new ConfigStore({ TRIPCTL_CONFIG_DIR: dir }).read()).toThrow(/cannot read config file .*EISDIR/);
});

test('a group- or world-readable file is reported once with the chmod', () => {
  const dir = join(root, 'cfg');
  mkdirSync(dir);
  writeFileSync(join(dir, 'config.json'), '{"profiles":{}}', { mode: 0o640 });
  const store = new ConfigStore({ TRIPCTL_CONFIG_DIR: dir });
  store.read();
  store.read();
  expect(store.warnings).toEqual([`config file ${store.path} is readable by others (mode 640); fix it with: chmod 600 '${store.path}'`]);
});
