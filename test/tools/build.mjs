// npm run build: dist/tripctl.cjs, the whole tool as one CommonJS bundle, and dist/launch.cjs,
// the small launcher bin/tripctl runs, which compiles the bundle with a V8 code cache
// (src/launch.ts says why one CommonJS file). The bundle must stay:
//   - free of real import() calls: vm.Script, which compiles it, cannot run them;
//   - ASCII, so the launcher can read it as latin1 (several times faster than utf8);
//   - free of what tripctl never uses but start-up would pay for: undici's HTTP/2 client and
//     fetch's body encoder load node:http2, node:tls and node:crypto; inquirer's editor prompt
//     brings 650 KB of character sets. These are replaced by stubs; no dependency's source is
//     edited (a stub replaces a whole module, on a path the build checks it is the one meant).
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = join(root, 'dist');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

/**
 * Modules replaced by stubs, each only reached on a path tripctl never takes (or, once, loaded
 * later). `reachedBy` is what src/ would have to say to take that path: the build fails if any
 * file of src/ says it, so a stub cannot silently start being reached.
 */
const STUBS = [
  {
    // Only used when a server offers HTTP/2 and the dispatcher allows it (allowH2, off by default).
    importer: /undici[\\/]lib[\\/]dispatcher[\\/]/,
    path: /^\.[\\/]client-h2\.js$/,
    reachedBy: /\ballowH2\b/,
    contents: "module.exports = function connectH2 () { throw new Error('tripctl is built without HTTP/2') }",
  },
  {
    // Only used for FormData request bodies; tripctl sends strings and buffers.
    importer: /undici[\\/]lib[\\/]dispatcher[\\/]/,
    path: /[\\/]web[\\/]fetch[\\/]body\.js$/,
    reachedBy: /\bFormData\b/,
    contents: "module.exports = { extractBody () { throw new Error('tripctl is built without FormData bodies') } }",
  },
  {
    // The editor prompt (inquirer's `editor`, which opens $EDITOR); tripctl asks for no long text.
    importer: /@inquirer[\\/]prompts[\\/]/,
    path: /^@inquirer\/editor$/,
    reachedBy: /@inquirer\/editor|\{[^}]*\beditor\b[^}]*\}\s*from\s*'@inquirer\/prompts'/,
    contents: "module.exports = function editor () { throw new Error('tripctl is built without the editor prompt') }",
  },
  {
    // Not a stub but a deferral: commander loads child_process at start-up and uses it only to
    // spawn stand-alone subcommand files, which tripctl has none of.
    importer: /commander[\\/]lib[\\/]/,
    path: /^node:child_process$/,
    // A subcommand of its own file: .command(name, description) or an executable file or directory.
    reachedBy: /\.command\([^)]*,\s*['"`]|executableFile|executableDir/,
    contents: "module.exports = new Proxy({}, { get: (_, name) => require('node:child_process')[name] })",
  },
];

/**
 * Private paths of packages that src/ imports (src/client/undici.ts: undici's index loads far more
 * than the client uses), each with what the package's public API exposes as the same thing. A file
 * that moved already fails the bundling (it cannot be resolved); this catches one still there but
 * no longer the same code, and a new deep import nobody wrote a check for.
 */
const DEEP_IMPORTS = {
  'undici/lib/dispatcher/agent.js': (undici) => undici.Agent,
  // undici's index puts its API on every dispatcher's prototype (Object.assign(Dispatcher.prototype, api)).
  'undici/lib/api/api-request.js': (undici) => undici.Dispatcher.prototype.request,
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
  },
};

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  charset: 'ascii',
  legalComments: 'none',
  // A third smaller to read at every start (a few ms of a one-call command); names are kept, so
  // a --debug stack trace still says which function failed.
  minifyWhitespace: true,
  logLevel: 'warning',
  metafile: true,
};

/**
 * undici's public entry, which the client imports only behind a proxy (client/undici.ts), stays in
 * node_modules: bundled, its fetch, WebSocket and cache code (700 kB) made every start read and
 * deserialise more (`--version` 1.45x node -e 0 instead of 1.3x). The two parts every request
 * uses are still bundled by their own paths (DEEP_IMPORTS), so only the bare name is external.
 */
const proxyAgentOutside = {
  name: 'proxy-agent-outside',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici', external: true }));
  },
};

rmSync(dist, { recursive: true, force: true });
const bundleFile = join(dist, 'tripctl.cjs');
const bundle = await build({
  ...common,
  entryPoints: [join(root, 'src/main.ts')],
  outfile: bundleFile,
  define: { __TRIPCTL_VERSION__: JSON.stringify(version) },
  plugins: [trim, proxyAgentOutside],
  // The sandbox's PDF libraries stay in node_modules, loaded only when it makes a PDF (PDFKit
  // also reads its own data files there); their import() becomes require(), which vm.Script runs.
  // So does the MCP SDK, loaded only by `tripctl mcp`: bundled, it and its zod and ajv (1.2 MB)
  // would more than double what every start reads. And libphonenumber-js (read when a phone is
  // typed) and qrcode (a ticket on a terminal): 380 kB together that every start would read and
  // deserialise for the few runs that use them (`--version` went from 1.30x to 1.45x node -e 0).
  external: ['pdfkit', 'fontkit', 'bidi-js', '@modelcontextprotocol/sdk', 'libphonenumber-js', 'qrcode', '@resvg/resvg-wasm'],
  supported: { 'dynamic-import': false },
});
const fail = (message) => {
  rmSync(dist, { recursive: true, force: true });
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
    .flatMap(([, input]) => input.imports.filter((i) => !i.external).map((i) => i.original ?? ''))
    .filter((specifier) => /^(@[^/]+\/)?[^./@][^/]*\/./.test(specifier) && !specifier.startsWith('node:')),
);
for (const specifier of deepImports) {
  const publicPart = DEEP_IMPORTS[specifier];
  if (!publicPart) fail(`src/ imports ${specifier}, a package's private path, with no check in DEEP_IMPORTS (test/tools/build.mjs)`);
  const [name] = specifier.match(/^(@[^/]+\/)?[^/]+/);
  if (requireFromRoot(specifier) !== publicPart(requireFromRoot(name)))
    fail(`${specifier} is no longer what ${name} exports for it: has ${name} changed its layout?`);
}
for (const specifier of Object.keys(DEEP_IMPORTS))
  if (!deepImports.has(specifier)) fail(`DEEP_IMPORTS lists ${specifier}, which src/ no longer imports: remove it`);
const dynamic = Object.values(bundle.metafile.outputs).flatMap((output) => output.imports.filter((i) => i.kind === 'dynamic-import'));
if (dynamic.length) fail(`import() of ${dynamic.map((i) => i.path).join(', ')} left in the bundle; vm.Script cannot run it`);

// esbuild escapes strings and identifiers but writes regular expressions (and any comment it
// keeps) as they are: comments lose their non-ASCII characters, code must spell them as \u escapes.
const lines = readFileSync(bundleFile, 'utf8').split('\n');
lines.forEach((line, index) => {
  if (/^[\x00-\x7f]*$/.test(line)) return;
  if (!/^\s*(\/\/|\/\*|\*)/.test(line))
    fail(`non-ASCII code at dist/tripctl.cjs:${index + 1}; write it as \\u escapes: ${line.trim().slice(0, 100)}`);
  lines[index] = line.replace(/[^\x00-\x7f]/g, '?');
});
const text = lines.join('\n');
writeFileSync(bundleFile, text);

// The launcher names cache files after the bundle's content, so a rebuilt bundle starts afresh.
const bundleId = createHash('sha256').update(text).digest('hex').slice(0, 16);
await build({
  ...common,
  entryPoints: [join(root, 'src/launch.ts')],
  outfile: join(dist, 'launch.cjs'),
  define: { __TRIPCTL_BUNDLE_ID__: JSON.stringify(bundleId) },
});
