// End to end, the built bin/tripctl: a webhooks verb that needs no signature (and so every other
// command's start-up) does not load node:crypto or node:http; only the verbs that verify, sign,
// listen or forward import them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir, tripctl } from '../support/cli.js';

let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ dir, cleanup } = await tempConfigDir());
});

afterAll(async () => {
  await cleanup();
});

describe('start-up of the built tool', () => {
  it('`webhooks events` loads neither node:crypto nor node:http', async () => {
    const list = join(dir, 'modules.txt');
    const result = await tripctl(['webhooks', 'events', '-o', 'ids'], {
      configDir: dir,
      env: { NODE_OPTIONS: `--require ${join(import.meta.dirname, 'loaded-modules.cjs')}`, TRIPCTL_TEST_MODULES_FILE: list },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('webhook.test\n');
    const loaded = (await readFile(list, 'utf8')).split('\n');
    expect(loaded).toContain('NativeModule fs');
    expect(loaded.filter((m) => /^NativeModule (crypto|http|https|tls)$/.test(m))).toEqual([]);
  });
});
