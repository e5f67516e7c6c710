// npm run build: dist/, the tool as a few CommonJS files, and dist/launch.cjs, the small launcher
// bin/tripctl runs (src/launch.ts). esbuild bundles src/main.ts as ES modules split at the
// import() calls named in SPLIT_POINTS (a command group, the sandbox, the MCP server…), and
// test/tools/link-chunks.mjs joins its chunks into one CommonJS file per split point: every start
// reads dist/tripctl.cjs, and a command reads its own file when it runs.
// Three build-time measures stay, each because the bench shows it buys more than 5 ms on Node 24
// (test/bench/README.md), each failing the build if its assumption about a dependency breaks: a
// stub of undici's HTTP/2 client, commander's child_process deferred, and two deep imports of
// undici's parts (DEEP_IMPORTS). No dependency's source is edited (a stub replaces a whole
// module, on a path the build checks is the one meant).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { linkChunks } from './link-chunks.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = join(root, 'dist');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

/**
 * `TRIPCTL_BUILD_WITHOUT=http2,child-process,deep-imports npm run build` leaves those measures out, for
 * `npm run bench -- --compare NAME=BIN` to show what each buys (test/bench/README.md).
 */
const WITHOUT = new Set((process.env.TRIPCTL_BUILD_WITHOUT ?? '').split(',').filter(Boolean));

/**
 * Modules replaced by stubs, each only reached on a path tripctl never takes. `reachedBy` is what
 * src/ would have to say to take that path: the build fails if any file of src/ says it, so a
 * stub cannot silently start being reached; and it fails if a stub was not used (its module moved).
 */
const ALL_STUBS = [
  {
    // Only used when a server offers HTTP/2 and the dispatcher allows it (allowH2, off by default).
    // Loaded, it brings node:http2 and node:tls into every request's start: 22 ms of CPU on Node 24.
    name: 'http2',
    importer: /undici[\\/]lib[\\/]dispatcher[\\/]/,
    path: /^\.[\\/]client-h2\.js$/,
    reachedBy: /\ballowH2\b/,
    contents: "module.exports = function connectH2 () { throw new Error('tripctl is built without HTTP/2') }",
  },
  {
    // Not a stub but a deferral: commander loads child_process (and with it net, dgram and the
    // streams) at start-up, and uses it only to spawn stand-alone subcommand files, which tripctl
    // has none of. 5–7 ms of CPU on every `--version`, Node 24.
    name: 'child-process',
    importer: /commander[\\/]lib[\\/]/,
    path: /^node:child_process$/,
    // A subcommand of its own file: .command(name, description) or an executable file or directory.
    reachedBy: /\.command\([^)]*,\s*['"`]|executableFile|executableDir/,
    contents: "module.exports = new Proxy({}, { get: (_, name) => require('node:child_process')[name] })",
  },
];
const STUBS = ALL_STUBS.filter((stub) => !WITHOUT.has(stub.name));

/**
 * Private paths of packages that src/ imports (src/client/undici.ts: undici's index loads far more
 * than the client uses), each with what the package's public API exposes as the same thing. A file
 * that moved already fails the bundling (it cannot be resolved); this catches one still there but
 * no longer the same code, and a new deep import nobody wrote a check for.
 */
// undici's index loads fetch, WebSocket, caches and mocks too: 61 ms of CPU on one GET, Node 24.
const DEEP_IMPORTS = {
  'undici/lib/dispatcher/agent.js': (undici) => undici.Agent,
  // undici's index puts its API on every dispatcher's prototype (Object.assign(Dispatcher.prototype, api)).
  'undici/lib/api/api-request.js': (undici) => undici.Dispatcher.prototype.request,
};
/** Built without the deep imports (WITHOUT), each is its public counterpart, through undici's index. */
const VIA_INDEX = {
  'undici/lib/dispatcher/agent.js': "module.exports = require('undici').Agent",
  'undici/lib/api/api-request.js': "module.exports = require('undici').Dispatcher.prototype.request",
};

const trim = {
  name: 'trim',
  setup(build) {
    STUBS.forEach((stub, index) => {
      build.onResolve({ filter: stub.path }, (args) =>
        stub.importer.test(args.importer) ? { path: String(index), namespace: 'stub' } : undefined,
      );
    });
    build.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({ contents: STUBS[Number(args.path)].contents, loader: 'js' }));
    if (!WITHOUT.has('deep-imports')) return;
    build.onResolve({ filter: /^undici\/lib\// }, (args) =>
      args.path in VIA_INDEX ? { path: args.path, namespace: 'via-index' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'via-index' }, (args) => ({ contents: VIA_INDEX[args.path], loader: 'js', resolveDir: root }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20.18',
  charset: 'utf8',
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
 */
const OUTSIDE = new Set([]);
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const outside = {
  name: 'outside',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      const pkg = args.path.match(/^(@[^/]+\/)?[^/]+/)?.[0];
      if (!builtins.has(args.path) && !OUTSIDE.has(pkg)) return undefined;
      if (args.namespace === 'outside') return { path: args.path, external: true };
      return { path: args.path, namespace: 'outside' };
    });
    build.onLoad({ filter: /.*/, namespace: 'outside' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)})`,
      loader: 'js',
    }));
  },
};

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
  { importer: /^src[\\/]commands[\\/]/, target: /^(\.\/(board|manifest|manifest-pdf)|\.\.\/\.\.\/output\/qr)\.js$/ },
  { importer: /^src[\\/]/, target: /\/sandbox\/index\.js$/ },
  // What only a terminal run loads: the prompter (inquirer), the spinner (ora), and --query (jmespath).
  { importer: /^src[\\/]context\.ts$/, target: /^\.\/(input\/prompter|output\/progress)\.js$/ },
  { importer: /^src[\\/]cli\.ts$/, target: /^\.\/output\/query\.js$/ },
  // Phone numbers' metadata (a phone typed), undici's public entry (behind a proxy).
  { importer: /^src[\\/]/, target: /^(libphonenumber-js|undici)$/ },
];

const splitPoints = {
  name: 'split-points',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const importer = relative(root, args.path);
      const source = readFileSync(args.path, 'utf8');
      // import('x') in code; `typeof import('x')` is a type and stays.
      // (With import attributes, `import('x.json', { with: { type: 'json' } })`, too.)
      const contents = source.replace(/(?<!typeof\s*)\bimport\((['"])([^'"]+)\1(\s*,\s*\{[^()]*\})?\)/g, (call, _quote, target) =>
        SPLIT_POINTS.some((point) => point.importer.test(importer) && point.target.test(target))
          ? call
          : // As import() would give it: a CommonJS module's exports are its default export too.
            `Promise.resolve().then(() => { const m = require(${JSON.stringify(target)}); return m?.__esModule ? m : { ...m, default: m }; })`,
      );
      return { contents, loader: 'ts' };
    });
  },
};

/** Empties dist/ of the npm build, keeping dist/exe/ (npm run build:exe's executable, made of this build's files). */
const clearDist = () => {
  for (const name of existsSync(dist) ? readdirSync(dist) : [])
    if (name !== 'exe') rmSync(join(dist, name), { recursive: true, force: true });
};
clearDist();
const bundle = await build({
  ...common,
  format: 'esm',
  splitting: true,
  entryPoints: { tripctl: join(root, 'src/main.ts') },
  outdir: dist,
  outExtension: { '.js': '.cjs' },
  chunkNames: '[name]-[hash]',
  write: false,
  define: { __TRIPCTL_VERSION__: JSON.stringify(version), __TRIPCTL_BUILD__: JSON.stringify('npm') },
  plugins: [trim, outside, splitPoints],
});
const fail = (message) => {
  clearDist();
  console.error(`build: ${message}`);
  process.exit(1);
};
STUBS.forEach((stub, index) => {
  if (!(`stub:${index}` in bundle.metafile.inputs)) fail(`the stub for ${stub.path} was not used: has the module moved?`);
});
for (const file of Object.keys(bundle.metafile.inputs).filter((name) => name.startsWith('src/'))) {
  const source = readFileSync(join(root, file), 'utf8');
  for (const stub of STUBS)
    if (stub.reachedBy.test(source)) fail(`${file} matches ${stub.reachedBy}, which would reach the stub for ${stub.path}`);
}
const requireFromRoot = createRequire(join(root, 'package.json'));
const deepImports = new Set(
  Object.entries(bundle.metafile.inputs)
    .filter(([file]) => file.startsWith('src/'))
    // An external package's subpath is resolved by Node through the package's exports at run time.
    .flatMap(([, input]) => input.imports.filter((i) => !i.external && !i.path.startsWith('outside:')).map((i) => i.original ?? ''))
    .filter((specifier) => /^(@[^/]+\/)?[^./@][^/]*\/./.test(specifier) && !specifier.startsWith('node:')),
);
/** A subpath the package's `exports` names is public (@modelcontextprotocol/sdk/server/stdio.js). */
const isPublic = (specifier) => {
  const [name] = specifier.match(/^(@[^/]+\/)?[^/]+/);
  const { exports } = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
  const subpath = `.${specifier.slice(name.length)}`;
  return Object.keys(typeof exports === 'object' && exports ? exports : {}).some((key) =>
    key.includes('*')
      ? subpath.startsWith(key.slice(0, key.indexOf('*'))) && subpath.endsWith(key.slice(key.indexOf('*') + 1))
      : key === subpath,
  );
};
for (const specifier of [...deepImports].filter((s) => !isPublic(s))) {
  const publicPart = DEEP_IMPORTS[specifier];
  if (!publicPart) fail(`src/ imports ${specifier}, a package's private path, with no check in DEEP_IMPORTS (test/tools/build.mjs)`);
  const [name] = specifier.match(/^(@[^/]+\/)?[^/]+/);
  if (requireFromRoot(specifier) !== publicPart(requireFromRoot(name)))
    fail(`${specifier} is no longer what ${name} exports for it: has ${name} changed its layout?`);
}
for (const specifier of Object.keys(DEEP_IMPORTS))
  if (!deepImports.has(specifier) && !WITHOUT.has('deep-imports'))
    fail(`DEEP_IMPORTS lists ${specifier}, which src/ no longer imports: remove it`);

mkdirSync(dist, { recursive: true });
const { files } = await linkChunks(bundle.outputFiles, bundle.metafile, 'dist/tripctl.cjs', fail);
for (const [file, contents] of files) writeFileSync(join(dist, file), contents);

await build({ ...common, format: 'cjs', entryPoints: [join(root, 'src/launch.ts')], outfile: join(dist, 'launch.cjs') });

// The files the tool reads as bytes (src/assets.json: name in dist/assets/ → its file in node_modules).
const ASSETS = JSON.parse(readFileSync(join(root, 'src/assets.json'), 'utf8'));
mkdirSync(join(dist, 'assets'), { recursive: true });
for (const [name, source] of Object.entries(ASSETS)) copyFileSync(requireFromRoot.resolve(source), join(dist, 'assets', name));
