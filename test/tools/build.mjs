// npm run build: dist/, the tool as a few CommonJS files, and dist/launch.cjs, the small launcher
// bin/tripctl runs (src/launch.ts). esbuild bundles src/main.ts as ES modules split at the
// import() calls named in SPLIT_POINTS (a command group, the sandbox, the MCP server…), and
// test/tools/link-chunks.mjs joins its chunks into one CommonJS file per split point: every start
// reads dist/tripctl.cjs, and a command reads its own file when it runs.
//
// The one description of the build: the npm bundle and the single executable (its own script)
// both take their esbuild options from buildOptions() and check the result with checkBundle(), so
// the two cannot drift apart. Imported, this file builds nothing; run, it writes dist/. The three
// build-time measures (a stub, a deferral, two deep imports) are in build-measures.mjs.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BuildError, checkMeasures, fail, trim, withoutFromEnv } from './build-measures.mjs';
import { linkChunks } from './link-chunks.mjs';
import { bundledPackages, NOTICES_FILE, noticesText } from './notices.mjs';

export { BuildError, withoutFromEnv };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const root = ROOT;
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20.18',
  // Every file ASCII, the rest escaped (\u0644): V8 keeps a source with a single other character as
  // a two-byte string, twice the memory to read and hash at every start (npm run bench), and the
  // start file held 20 of them (Arabic words, arrows). buildTool() checks what it writes.
  charset: 'ascii',
  legalComments: 'none',
  // A third smaller to read at every start (a few ms of a one-call command); names are kept, so
  // a --debug stack trace still says which function failed.
  minifyWhitespace: true,
  logLevel: 'warning',
  metafile: true,
};

/**
 * What stays outside the bundle, required from Node when first used: Node's own modules, and
 * nothing else. PDFKit and fontkit are bundled (tripctl gives PDFKit its own font, so PDFKit's
 * AFM files are never read; its standard fonts are modules, bundled with it), and so is resvg's
 * JavaScript. What is read as a file — the font, resvg's WebAssembly — is copied to dist/assets/
 * (ASSETS below, src/assets.ts), so an install brings tripctl's package alone.
 * An ES module build (which splitting needs) would import each outside module at the top of its
 * chunk, that is at start-up; so each is reached through a small CommonJS module of the bundle,
 * which esbuild evaluates where the importing module is first used, as a CommonJS build would.
 * The exception, BOOT_BUILTINS: what Node has loaded before any code runs costs nothing to import
 * at the top, and an ES module's named imports of it become a plain require(), where the wrapper
 * would copy every export of node:fs or node:path into an object of its own for each module that
 * imports it (about 0.7 ms of a start on Node 24, npm run bench).
 */
export const OUTSIDE = new Set([]);
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
/** Loaded by Node 20, 22 and 24 before the first line of a program runs (process.moduleLoadList). */
const BOOT_BUILTINS = new Set(['events', 'buffer', 'path', 'fs', 'util', 'url', 'module'].map((name) => `node:${name}`));
const outsidePlugin = (outside) => ({
  name: 'outside',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      const pkg = args.path.match(/^(@[^/]+\/)?[^/]+/)?.[0];
      if (!builtins.has(args.path) && !outside.has(pkg)) return undefined;
      if (args.namespace === 'outside') return { path: args.path, external: true };
      if (BOOT_BUILTINS.has(args.path) && args.kind === 'import-statement') return { path: args.path, external: true };
      return { path: args.path, namespace: 'outside' };
    });
    build.onLoad({ filter: /.*/, namespace: 'outside' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)})`,
      loader: 'js',
    }));
  },
});

/**
 * Packages a file of their own, read when first imported: phone numbers' metadata (a phone
 * typed), undici's public entry (behind a proxy), the Excel reader, and JMESPath (--query;
 * src/output/query.ts itself is read with every renderer).
 */
const SPLIT_PACKAGES = ['libphonenumber-js', 'undici', 'read-excel-file/universal', 'jmespath'];

/**
 * Where the tool is cut into files. esbuild makes a chunk of every module an import() names, and
 * dozens of small files cost start-up more than the bytes they save (each is a file to find, read
 * and compile). So only these import() calls start a chunk: a command group (src/cli.ts), the
 * few verbs with code or packages of their own, the sandbox, and packages few runs need. Every
 * other import() in src/ (the client, the prompter, the query language, a verb's code…) is built
 * as a require() of a module in the importer's own file: read with it, evaluated only when first
 * asked for. test/tools/link-chunks.mjs then joins the chunks into one file per split point.
 */
const SPLIT_POINTS = [
  { importer: /^src[\\/]cli\.ts$/, target: /^\.\/commands\/[^/]+\/index\.js$/ },
  // The boarding station, the manifest's PDF, a ticket's QR code.
  { importer: /^src[\\/]commands[\\/]/, target: /^(\.\/(board\/board|manifest\/manifest)|\.\.\/\.\.\/\.\.\/output\/qr)\.js$/ },
  { importer: /^src[\\/]commands[\\/]trips[\\/]manifest[\\/]/, target: /^\.\/pdf\.js$/ },
  { importer: /^src[\\/]/, target: /\/sandbox\/index\.js$/ },
  // What only a terminal run loads: the prompter (inquirer) and the spinner (ora).
  { importer: /^src[\\/]context\.ts$/, target: /^\.\/(input\/prompter|output\/progress)\.js$/ },
  // The webhook inspector's server and page (listen --inspect, webhooks inspect).
  { importer: /^src[\\/]commands[\\/]webhooks[\\/]/, target: /^\.\.\/\.\.\/webhooks\/inspector\/open\.js$/ },
  // undici's agent and parser: what a command that makes no request (--version, help) need not read.
  { importer: /^src[\\/]client[\\/]http\.ts$/, target: /^\.\/undici\.js$/ },
  // Packages few runs need (SPLIT_PACKAGES).
  { importer: /^src[\\/]/, target: new RegExp(`^(${SPLIT_PACKAGES.join('|')})$`) },
];

/**
 * Split points whose file keeps every chunk they share with other split points (link-chunks.mjs):
 * the HTTP client's, so that a request reads one file for undici, not one per set of its users.
 */
const KEEPS_SHARED = ['client-undici'];

/** Whether `import(target)` in `importer` (a path from the root) starts a file of its own. */
const isSplitPoint = (importer, target) => SPLIT_POINTS.some((point) => point.importer.test(importer) && point.target.test(target));

/** Every import() that is no split point becomes a require() in the importer's file (all of them in one file: `split: false`). */
const splitPoints = (split) => ({
  name: 'split-points',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const importer = relative(root, args.path);
      const source = readFileSync(args.path, 'utf8');
      // import('x') in code; `typeof import('x')` is a type and stays.
      // (With import attributes, `import('x.json', { with: { type: 'json' } })`, too.)
      // A call this pattern misses stays an import(), and checkBundle() fails on it as a split point nobody named.
      const contents = source.replace(/(?<!typeof\s*)\bimport\((['"])([^'"]+)\1(\s*,\s*\{[^()]*\})?\)/g, (call, _quote, target) =>
        split && isSplitPoint(importer, target)
          ? call
          : // As import() would give it: a CommonJS module's exports are its default export too.
            `Promise.resolve().then(() => { const m = require(${JSON.stringify(target)}); return m?.__esModule ? m : { ...m, default: m }; })`,
      );
      return { contents, loader: 'ts' };
    });
  },
});

/**
 * A package that is a split point gets a file of its own, whose ES module exports are what Node's
 * import() of the package would give. esbuild makes a CommonJS package's chunk `export default
 * module.exports` and nothing else, so `const { EnvHttpProxyAgent } = await import('undici')` read
 * undefined in the built tool (every proxied command failed) while it worked in-process. The face
 * names each export (the names read here, at build time, through Node's own import()), so the
 * chunk exports them as Node would; checkBundle() checks the chunk does.
 */
const packageFaces = (names) => ({
  name: 'package-face',
  setup(build) {
    build.onResolve({ filter: /^(@[^/]+\/)?[^./][^/]*$/ }, (args) => {
      if (args.kind !== 'dynamic-import' || !args.importer.startsWith(join(root, 'src'))) return undefined;
      if (!isSplitPoint(relative(root, args.importer), args.path)) return undefined;
      return { path: args.path, namespace: 'package-face' };
    });
    build.onLoad({ filter: /.*/, namespace: 'package-face' }, (args) => {
      const exported = names.get(args.path) ?? fail(`no export names read for the package ${args.path}`);
      const named = exported.filter((name) => name !== 'default');
      return {
        contents: [
          `import * as all from ${JSON.stringify(args.path)};`,
          `export const { ${named.join(', ')} } = all;`,
          exported.includes('default') ? 'export default all.default;' : '',
        ].join('\n'),
        loader: 'js',
        resolveDir: root,
      };
    });
  },
});

/** The packages SPLIT_POINTS names, with the names Node's import() gives for each. */
async function packageExportNames() {
  // A subpath (read-excel-file/universal) is an ES module package's own entry: no face needed.
  const packages = SPLIT_PACKAGES.filter((pkg) => !pkg.includes('/'));
  const names = new Map();
  // Resolved from this file as from the root: Node's own view, through the package's `import` condition.
  for (const pkg of packages) names.set(pkg, Object.keys(await import(pkg)));
  return names;
}

/**
 * The esbuild options of the tool: `split` (the npm bundle) is ES modules split at SPLIT_POINTS,
 * for linkChunks() to join; without it, one CommonJS file holding everything (a single
 * executable's script, where files cost nothing to find). `outside`: packages left to
 * node_modules (the npm install's runtime dependencies; an executable bundles them and passes its
 * own set). `without`: the build-time measures left out (TRIPCTL_BUILD_WITHOUT, for the bench).
 * `plugins` run before the tool's own (an executable's asset loaders). Checks that need the result
 * are checkBundle()'s.
 */
export async function buildOptions({ split = true, outside = OUTSIDE, without = withoutFromEnv(), plugins = [] } = {}) {
  const faces = split ? [packageFaces(await packageExportNames())] : [];
  return {
    ...common,
    format: split ? 'esm' : 'cjs',
    splitting: split,
    entryPoints: { tripctl: join(root, 'src/main.ts') },
    outExtension: { '.js': '.cjs' },
    chunkNames: '[name]-[hash]',
    define: { __TRIPCTL_VERSION__: JSON.stringify(version), __TRIPCTL_BUILD__: JSON.stringify('npm') },
    plugins: [...plugins, trim(without), outsidePlugin(outside), ...faces, splitPoints(split)],
  };
}

/** The launcher bin/tripctl runs (src/launch.ts), one small CommonJS file. */
export function launcherOptions() {
  return { ...common, format: 'cjs', entryPoints: [join(root, 'src/launch.ts')] };
}

/**
 * What must hold of a build before it is written (it throws a BuildError naming what does not):
 * each stub used and unreachable, each deep import the public object, and in a split build each
 * split point a file whose package exports are all there.
 */
export function checkBundle(metafile, { split = true, without = withoutFromEnv() } = {}) {
  checkMeasures(metafile, without);
  const sources = Object.entries(metafile.inputs).filter(([name]) => name.startsWith('src/'));
  if (!split) return;
  // The source rewrite (splitPoints) judged by what esbuild made of it: every import() left in
  // src/ is a split point, and every split point is still an import() somewhere.
  const dynamic = sources.flatMap(([file, input]) =>
    input.imports.filter((i) => i.kind === 'dynamic-import').map((i) => ({ file, target: i.original ?? i.path, path: i.path })),
  );
  for (const { file, target } of dynamic)
    if (!isSplitPoint(file, target)) fail(`${file}: import(${JSON.stringify(target)}) was left an import() but is no split point`);
  for (const point of SPLIT_POINTS)
    if (!dynamic.some(({ file, target }) => point.importer.test(file) && point.target.test(target)))
      fail(`the split point ${point.importer} → ${point.target} matches no import() in src/: has the code moved?`);
  // A package's file exports what Node's import() of it gives (see packageFaces).
  for (const output of Object.values(metafile.outputs)) {
    const pkg = output.entryPoint?.match(/^package-face:(.+)$/)?.[1];
    if (pkg && output.exports.length < 2) fail(`the chunk of ${pkg} exports only ${output.exports.join(', ')}: its package face was lost`);
  }
}

/** npm run build: the npm bundle and its launcher in `outdir` (dist/), replaced whole. */
export async function buildTool({ outdir = join(root, 'dist'), without = withoutFromEnv() } = {}) {
  clearDist(outdir);
  try {
    const bundle = await build({ ...(await buildOptions({ without })), outdir, write: false });
    checkBundle(bundle.metafile, { without });
    const { files } = await linkChunks(bundle.outputFiles, bundle.metafile, 'dist/tripctl.cjs', fail, { keepsShared: KEEPS_SHARED });
    mkdirSync(outdir, { recursive: true });
    for (const [file, contents] of files) {
      if (/[^\x00-\x7f]/.test(contents)) fail(`${file} holds a character that is not ASCII: was charset 'ascii' lost?`);
      writeFileSync(join(outdir, file), contents);
    }
    await build({ ...launcherOptions(), outfile: join(outdir, 'launch.cjs') });
    // The licences of what the bundle holds, and of the files it ships (test/tools/notices.mjs).
    const assetPackages = Object.values(JSON.parse(readFileSync(join(root, 'src/assets.json'), 'utf8'))).map((source) =>
      join(root, 'node_modules', source.match(/^(@[^/]+\/)?[^/]+/)[0]),
    );
    const heading = `tripctl ${version} holds the code or files of these packages (bundled into dist/, or copied to dist/assets/); their licences ask that these notices go with every copy.`;
    writeFileSync(join(outdir, NOTICES_FILE), noticesText([...bundledPackages(bundle.metafile, root), ...assetPackages], { heading }));
    // The files the tool reads as bytes (src/assets.json: name in dist/assets/ → its file in node_modules).
    const assets = JSON.parse(readFileSync(join(root, 'src/assets.json'), 'utf8'));
    mkdirSync(join(outdir, 'assets'), { recursive: true });
    for (const [name, source] of Object.entries(assets)) copyFileSync(requireFromRoot.resolve(source), join(outdir, 'assets', name));
  } catch (error) {
    clearDist(outdir); // nothing half-built is left to be run
    throw error;
  }
}

const requireFromRoot = createRequire(join(root, 'package.json'));

/** Empties the npm build's folder, keeping exe/ (npm run build:exe's executable, made of this build's files). */
function clearDist(outdir) {
  for (const name of existsSync(outdir) ? readdirSync(outdir) : [])
    if (name !== 'exe') rmSync(join(outdir, name), { recursive: true, force: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildTool().catch((error) => {
    if (!(error instanceof BuildError)) throw error;
    console.error(`build: ${error.message}`);
    process.exit(1);
  });
}
