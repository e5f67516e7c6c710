// The second half of the build (test/tools/build.mjs): esbuild's chunks, joined into few files.
//
// esbuild splits code only as ES modules, and it makes a chunk of every set of entry points that
// share code: a start-up of tripctl read 15–35 small files, each one to find, read and compile,
// and Node's ES module loader costs more per file than its CommonJS one (npm run bench). So each
// chunk is made CommonJS (its import() of a chunk a require()), and the chunks are joined into a
// few files by who loads them:
//   - tripctl.cjs: the entry and every chunk it needs before it runs (what every start reads);
//   - one file per split point (a command group, the sandbox, the MCP server…) with the chunks
//     only it needs;
//   - a file per few split points for the chunks only they share (the PDF writer: the sandbox's
//     and the manifest's); chunks shared by more (the verbs' machinery, which every command group
//     uses) are read with tripctl.cjs: a file of their own was one more file for every verb to find
//     and read, and only --version and help ran without it (npm run bench).
// In a file, each chunk is a function run on its first use, with its own `module`, as Node would
// run a file; a chunk of another file is loaded through that file's `__tripctlLoad`.
// Each rewrite of esbuild's output here counts what it matched against what the metafile says it
// must (replaceCounted), so an esbuild that writes its output otherwise fails the build.
import { basename } from 'node:path';
import { transform } from 'esbuild';
import { BuildError } from './build-measures.mjs';

/**
 * @param {import('esbuild').OutputFile[]} outputFiles ES module chunks, as built with splitting
 * @param {import('esbuild').Metafile} metafile
 * @param {string} entry the entry's output path (as in the metafile)
 * @returns {Promise<Map<string, string>>} file name (in the output directory) → contents
 */
export async function linkChunks(outputFiles, metafile, entry, fail, { keepsShared = [] } = {}) {
  const name = (path) => basename(path);
  const code = new Map();
  for (const file of outputFiles) {
    const key = Object.keys(metafile.outputs).find((path) => file.path.endsWith(path));
    // import() of a chunk becomes `Promise.resolve().then(() => __toESM(require('./chunk.cjs')))`.
    const cjs = await transform(file.text, {
      format: 'cjs',
      platform: 'node',
      target: 'node20.18',
      charset: 'ascii', // as build.mjs says why
      minifyWhitespace: true,
      supported: { 'dynamic-import': false },
    });
    code.set(name(key), cjs.code);
  }
  const outputOf = (chunk) => metafile.outputs[Object.keys(metafile.outputs).find((path) => name(path) === chunk)];
  const staticImports = (chunk) =>
    outputOf(chunk)
      .imports.filter((i) => i.kind === 'import-statement' && !i.external)
      .map((i) => name(i.path));
  const dynamicImports = (chunk) =>
    outputOf(chunk)
      .imports.filter((i) => i.kind === 'dynamic-import' && !i.external)
      .map((i) => name(i.path));
  const closure = (start) => {
    const seen = new Set();
    const walk = (chunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      staticImports(chunk).forEach(walk);
    };
    walk(start);
    return seen;
  };

  const entryName = name(entry);
  const core = closure(entryName);
  const roots = new Set([...code.keys()].flatMap(dynamicImports).filter((chunk) => !core.has(chunk)));
  const owners = new Map();
  for (const root of roots)
    for (const chunk of closure(root)) if (!core.has(chunk)) owners.set(chunk, [...(owners.get(chunk) ?? []), root]);
  /** chunk → the file it is joined into */
  const fileOf = new Map();
  for (const chunk of core) fileOf.set(chunk, 'tripctl.cjs');
  // A split point's file is named after its module: src/commands/trips/index.ts is trips.cjs,
  // src/commands/trips/board.ts board.cjs, src/output/qr.ts output-qr.cjs, a package its name.
  const groupName = (root) => {
    const from = metafile.outputs[Object.keys(metafile.outputs).find((path) => name(path) === root)].entryPoint ?? root;
    // A package is reached through its face (build.mjs, packageFaces), or else by its own path.
    const pkg = from.match(/^package-face:(.+)$/)?.[1] ?? from.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1];
    if (pkg) return pkg.replace('/', '+');
    const parts = from.replace(/\.[a-z]+$/, '').split('/');
    if (parts[1] !== 'commands') return parts.slice(1).join('-'); // src/sandbox/index.ts: sandbox-index
    // A group's index is its name (trips.cjs); a verb's folder and file, the verb's with the file's
    // (trips/board/board.ts board.cjs, trips/manifest/pdf.ts manifest-pdf.cjs).
    if (parts.at(-1) === 'index') return parts.at(-2);
    const [, , , ...verb] = parts;
    return [...new Set(verb)].join('-');
  };
  // Code shared by a few split points (the PDF writer: the sandbox and the manifest) has a file of
  // its own, so that no other command reads it; code shared by many, the start file. A split point in
  // `keepsShared` keeps in its own file the code it shares (the HTTP client: every request reads it,
  // and the few others that use its parts — the sandbox, the proxy agent — read it whole); not a
  // chunk that only reaches a built-in module, which would make every user of node:stream read it:
  // such a chunk (a wrapper of a few hundred bytes, run when first required) is read with the
  // start file, where it costs less than a file of its own.
  const rootNames = new Set([...roots].map(groupName));
  for (const keeper of keepsShared) if (!rootNames.has(keeper)) fail(`keepsShared names ${keeper}, which is no split point`);
  const onlyBuiltins = (chunk) => Object.keys(outputOf(chunk).inputs).every((input) => input.startsWith('outside:'));
  for (const [chunk, roots] of owners) {
    if (onlyBuiltins(chunk)) {
      fileOf.set(chunk, 'tripctl.cjs');
      continue;
    }
    const keeper = keepsShared.find((keeper) => roots.some((root) => groupName(root) === keeper));
    fileOf.set(chunk, `${keeper ?? (roots.length > 3 ? 'tripctl' : roots.map(groupName).sort().join('+'))}.cjs`);
  }
  for (const chunk of code.keys()) if (!fileOf.has(chunk)) fail(`chunk ${chunk} is reached by nothing`);
  const fileNames = new Set(fileOf.values());
  const names = [...roots].map(groupName);
  if (new Set(names).size !== roots.size) fail(`two split points would share a file name: ${names.sort().join(', ')}`);

  const files = new Map();
  for (const file of fileNames) {
    const chunks = [...fileOf].filter(([, f]) => f === file).map(([chunk]) => chunk);
    /** The chunks of other files that this file's chunks load. */
    const fromElsewhere = new Set();
    const bodies = chunks.map((chunk) => {
      const output = outputOf(chunk);
      // A chunk's exports object is its module.exports as it is: __toCommonJS would copy every
      // export into a second object of getters, which start-up paid for (npm run bench). Once in
      // a chunk that exports anything, never in one that does not.
      let body = replaceCounted(
        code.get(chunk),
        /\bmodule\.exports=__toCommonJS\(stdin_exports\);/g,
        () => 'module.exports=__defProp(stdin_exports,"__esModule",{value:true});',
        output.exports.length > 0 ? 1 : 0,
        `${chunk}: module.exports=__toCommonJS(…)`,
      );
      // Each chunk it imports, statically or by import(), is required through __tripctlLoad: every
      // one the metafile names, and nothing else.
      const required = new Set();
      body = body.replace(/\brequire\("\.\/([^"]+\.cjs)"\)/g, (_call, target) => {
        if (!fileOf.has(target)) fail(`${chunk} requires ${target}, which is no chunk of this build`);
        required.add(target);
        if (fileOf.get(target) !== file) fromElsewhere.add(target);
        return `__tripctlLoad(${JSON.stringify(target)})`;
      });
      const imported = new Set([...staticImports(chunk), ...dynamicImports(chunk)]);
      const missed = [...imported].filter((target) => !required.has(target));
      if (missed.length > 0 || required.size !== imported.size)
        fail(`${chunk}: the chunks it imports (${[...imported].join(', ')}) are not the chunks required (${[...required].join(', ')})`);
      return `${JSON.stringify(chunk)}:(function(exports,require,module,__filename,__dirname){${body}\n})`;
    });
    // Where each of those lives, and nothing more: a map of the whole build was half of a group's file.
    const elsewhere = Object.fromEntries([...fromElsewhere].sort().map((chunk) => [chunk, fileOf.get(chunk)]));
    files.set(
      file,
      [
        "'use strict';",
        `const __tripctlChunks={${bodies.join(',\n')}};`,
        `const __tripctlElsewhere=${JSON.stringify(elsewhere)};`,
        'const __tripctlLoaded=new Map();',
        // As Node runs a file: its module is known before it runs, so a cycle sees its exports so far.
        'function __tripctlLoad(chunk){let m=__tripctlLoaded.get(chunk);if(m)return m.exports;',
        'const run=__tripctlChunks[chunk];if(!run)return require("./"+__tripctlElsewhere[chunk]).__tripctlLoad(chunk);',
        'm={exports:{}};__tripctlLoaded.set(chunk,m);run.call(m.exports,m.exports,require,m,__filename,__dirname);return m.exports}',
        'module.exports.__tripctlLoad=__tripctlLoad;',
        file === 'tripctl.cjs' ? `__tripctlLoad(${JSON.stringify(entryName)});` : '',
      ].join('\n'),
    );
  }
  return { files };
}

/**
 * `text.replace(pattern, replace)` that fails the build unless the pattern matched `expected`
 * times: a rewrite of generated code whose pattern stops matching (a new esbuild writes it
 * otherwise) must stop the build, not ship code that only breaks when run.
 */
export function replaceCounted(text, pattern, replace, expected, what) {
  let count = 0;
  const result = text.replace(pattern, (...match) => {
    count++;
    return replace(...match);
  });
  if (count !== expected) throw new BuildError(`${what} matched ${count} times, ${expected} expected: has esbuild's output changed?`);
  return result;
}
