// The one V8 change tripctl makes at run time (src/client/wasm-tiering.ts): WebAssembly tiering
// off before undici compiles its parser. Checked on the Node that runs the suite (.ci/run runs it
// on 20, 22 and 24), in a child process with V8's test natives: a module compiled before the
// change is hot-looped until V8 has tiered it up to TurboFan (so tiering does happen on this Node
// and how soon is measured); one compiled after it, called at least five times as long, must still
// be Liftoff's. (Two modules with different bytes: V8 shares compiled code between equal ones.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, expect, test } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'tripctl-wasm-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DRIVER = `
const { tuneForRequests } = require('./wasm-tiering.cjs');
// (func (export "f") (param i32) (result i32) local.get 0 i32.const N i32.add)
const bytes = [0,97,115,109,1,0,0,0,1,6,1,96,1,127,1,127,3,2,1,0,7,5,1,1,102,0,0,10,9,1,7,0,32,0,65,1,106,11];
const compile = (n) => {
  const module = Uint8Array.from(bytes);
  module[module.length - 3] = n;
  return new WebAssembly.Instance(new WebAssembly.Module(module)).exports.f;
};
const isTurboFan = new Function('f', 'return %IsTurboFanFunction(f)');
const isLiftoff = new Function('f', 'return %IsLiftoffFunction(f)');
/** Batches of 100,000 calls until the function is TurboFan's; undefined if it never was. */
const hot = (f, maxBatches) => {
  let x = 0;
  for (let batch = 1; batch <= maxBatches; batch++) {
    for (let i = 0; i < 100000; i++) x = f(x);
    if (isTurboFan(f)) return batch;
  }
  return undefined;
};
const before = hot(compile(1), 20000);
tuneForRequests();
const tuned = compile(2);
const after = before === undefined ? undefined : hot(tuned, before * 5 + 50);
process.stdout.write(JSON.stringify({ before, after: after ?? null, liftoff: isLiftoff(tuned) }));
`;

test('after tuneForRequests a new WebAssembly module stays on Liftoff, where one compiled before tiered up', () => {
  buildSync({
    entryPoints: [resolve(import.meta.dirname, '../../src/client/wasm-tiering.ts')],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    outfile: join(dir, 'wasm-tiering.cjs'),
    logLevel: 'error',
  });
  writeFileSync(join(dir, 'driver.cjs'), DRIVER);
  const out = execFileSync(process.execPath, ['--allow-natives-syntax', join(dir, 'driver.cjs')], { encoding: 'utf8' });
  const { before, after, liftoff } = JSON.parse(out) as { before: number | null; after: number | null; liftoff: boolean };
  expect(before, `V8 on Node ${process.version} tiered the control up`).toBeGreaterThan(0);
  expect(after, "batches until the module compiled after the change was TurboFan's").toBeNull();
  expect(liftoff).toBe(true);
});
