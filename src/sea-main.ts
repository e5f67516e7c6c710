// What the single executable runs (npm run build:exe, test/tools/build-exe.mjs): the npm build's
// own files (dist/*.cjs: the start file and one file per command group, joined by
// test/tools/link-chunks.mjs), embedded as SEA assets, each compiled when first required, as Node
// would load them from dist/. A SEA runs one script, and its `require` reaches Node's modules
// only; so this is that script, and it is the `require` of the files it loads.
//
// Why not one bundle: a SEA of the whole tool as one 3.7 MB script read all of it at every start
// (1.8x Node's own start for --version; test/bench/README.md); loading the start file alone, and
// a command's file when it runs, costs what the npm install costs.
// Each file comes with V8's code cache for it (`<file>.cache`), made at build time by the same
// Node after a warm-up run of the tool, so it holds the functions a run compiles, not only those
// V8 compiles before running. A rejected cache (it cannot be, made by the same binary) costs a
// normal compile, never an error.
import { Script } from 'node:vm';

/** The function a file's source is wrapped in, as Node wraps a CommonJS module. */
export const wrap = (source: string): string => `(function (exports, require, module, __filename, __dirname) {${source}\n})`;

export interface FileSource {
  source(file: string): string;
  cache(file: string): Uint8Array | undefined;
}

/**
 * A loader of the build's files: load('tripctl.cjs') runs the tool. `scripts` receives each file's
 * compiled Script (the build's cache maker asks each for its code cache once the warm-up ran).
 */
export function fileLoader(from: FileSource, scripts?: Map<string, Script>): (file: string) => unknown {
  const loaded = new Map<string, { exports: unknown }>();
  const load = (file: string): unknown => {
    let module = loaded.get(file);
    if (module) return module.exports;
    module = { exports: {} };
    loaded.set(file, module);
    const script = new Script(wrap(from.source(file)), { filename: file, cachedData: from.cache(file) });
    scripts?.set(file, script);
    const run = script.runInThisContext() as (...args: unknown[]) => void;
    const requireFor = (id: string) => (id.startsWith('./') ? load(id.slice(2)) : require(id));
    run.call(module.exports, module.exports, requireFor, module, file, '.');
    return module.exports;
  };
  return load;
}

/** Runs the tool from the executable's assets. */
export function start(): void {
  const sea = require('node:sea') as typeof import('node:sea');
  fileLoader({
    source: (file) => sea.getAsset(file, 'utf8'),
    cache: (file) => new Uint8Array(sea.getAsset(`${file}.cache`)),
  })('tripctl.cjs');
}
