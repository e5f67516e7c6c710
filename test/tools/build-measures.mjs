// The build's three measures (test/tools/build.mjs takes them from here), each kept because the
// bench shows it buys more than 5 ms on Node 24 (test/bench/README.md), and each failing the build
// if its assumption about a dependency breaks: a stub of undici's HTTP/2 client, commander's
// child_process deferred, and two deep imports of undici's parts (DEEP_IMPORTS). No dependency's
// source is edited (a stub replaces a whole module, on a path the build checks is the one meant).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const requireFromRoot = createRequire(join(root, 'package.json'));

/** A build step whose assumption no longer holds: the build stops, naming it. */
export class BuildError extends Error {}
export const fail = (message) => {
  throw new BuildError(message);
};

/**
 * `TRIPCTL_BUILD_WITHOUT=http2,child-process,deep-imports npm run build` leaves those measures out, for
 * `npm run bench -- --compare NAME=BIN` to show what each buys (test/bench/README.md).
 */
export const withoutFromEnv = (env = process.env) => new Set((env.TRIPCTL_BUILD_WITHOUT ?? '').split(',').filter(Boolean));

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
const stubsWithout = (without) => ALL_STUBS.filter((stub) => !without.has(stub.name));

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

export const trim = (without) => {
  const stubs = stubsWithout(without);
  return {
    name: 'trim',
    setup(build) {
      stubs.forEach((stub, index) => {
        build.onResolve({ filter: stub.path }, (args) =>
          stub.importer.test(args.importer) ? { path: String(index), namespace: 'stub' } : undefined,
        );
      });
      build.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({ contents: stubs[Number(args.path)].contents, loader: 'js' }));
      if (!without.has('deep-imports')) return;
      build.onResolve({ filter: /^undici\/lib\// }, (args) =>
        args.path in VIA_INDEX ? { path: args.path, namespace: 'via-index' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'via-index' }, (args) => ({
        contents: VIA_INDEX[args.path],
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
};

/** Each stub used and unreachable from src/, each deep import still the public object (a BuildError if not). */
export function checkMeasures(metafile, without) {
  const stubs = stubsWithout(without);
  stubs.forEach((stub, index) => {
    if (!(`stub:${index}` in metafile.inputs)) fail(`the stub for ${stub.path} was not used: has the module moved?`);
  });
  const sources = Object.entries(metafile.inputs).filter(([name]) => name.startsWith('src/'));
  for (const [file] of sources) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const stub of stubs)
      if (stub.reachedBy.test(source)) fail(`${file} matches ${stub.reachedBy}, which would reach the stub for ${stub.path}`);
  }
  const deepImports = new Set(
    sources
      // An external package's subpath is resolved by Node through the package's exports at run time.
      .flatMap(([, input]) => input.imports.filter((i) => !i.external && !i.path.startsWith('outside:')).map((i) => i.original ?? ''))
      .filter((specifier) => /^(@[^/]+\/)?[^./@][^/]*\/./.test(specifier) && !specifier.startsWith('node:')),
  );
  for (const specifier of [...deepImports].filter((s) => !isPublic(s))) {
    const publicPart = DEEP_IMPORTS[specifier];
    if (!publicPart)
      fail(`src/ imports ${specifier}, a package's private path, with no check in DEEP_IMPORTS (test/tools/build-measures.mjs)`);
    const [name] = specifier.match(/^(@[^/]+\/)?[^/]+/);
    if (requireFromRoot(specifier) !== publicPart(requireFromRoot(name)))
      fail(`${specifier} is no longer what ${name} exports for it: has ${name} changed its layout?`);
  }
  for (const specifier of Object.keys(DEEP_IMPORTS))
    if (!deepImports.has(specifier) && !without.has('deep-imports'))
      fail(`DEEP_IMPORTS lists ${specifier}, which src/ no longer imports: remove it`);
}

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
