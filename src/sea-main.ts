// What the single executable runs (npm run build:exe, test/tools/build-exe.mjs): the npm build's
// own files (dist/*.cjs: the start file and one file per command group, joined by
// test/tools/link-chunks.mjs), embedded as SEA assets, each compiled when first required, as Node
// would load them from dist/. A SEA runs one script, and its `require` reaches Node's modules
// only; so this is that script, and it is the `require` of the files it loads.
//
// Why not one bundle: a SEA of the whole tool as one 3.7 MB script read all of it at every start
// (1.8x Node's own start for --version; test/bench/README.md); loading the start file alone, and
// a command's file when it runs, costs what the npm install costs.
// Each file comes with V8's code cache for it, made at build time by the same Node
// (`<file>.cache`): compiling then skips what V8 compiled eagerly. A rejected cache (it cannot
// be, built by the same binary) costs a normal compile, never an error.
import { Script } from 'node:vm';

/** The function a file's source is wrapped in, as Node wraps a CommonJS module. */
export const wrap = (source: string): string => `(function (exports, require, module, __filename, __dirname) {${source}\n})`;

interface Loaded {
  exports: unknown;
}

/** Runs the start file, which runs the tool. */
export function start(): void {
  const sea = require('node:sea') as typeof import('node:sea');
  const loaded = new Map<string, Loaded>();
  const load = (file: string): unknown => {
    let module = loaded.get(file);
    if (module) return module.exports;
    module = { exports: {} };
    loaded.set(file, module);
    const script = new Script(wrap(sea.getAsset(file, 'utf8')), {
      filename: file,
      cachedData: new Uint8Array(sea.getAsset(`${file}.cache`)),
    });
    const run = script.runInThisContext() as (...args: unknown[]) => void;
    const requireFor = (id: string) => (id.startsWith('./') ? load(id.slice(2)) : require(id));
    run.call(module.exports, module.exports, requireFor, module, file, '.');
    return module.exports;
  };
  load('tripctl.cjs');
}
