// What an operator installs: the packed tarball (`npm pack`), installed with `npm i -g` into a
// clean prefix, the npm registry the only network (npm's own cache makes a second run quick).
// The install brings only what the built tool loads from node_modules (package.json's
// dependencies: none today; PDFKit, fontkit and resvg are bundled, the font and resvg's
// WebAssembly are files in dist/assets/), so it is checked to stay small, and to work: the
// version, the sandbox and a session against it (and through a proxy), `tripctl mcp` answering
// initialize and tools/list, a manifest PDF, a ticket's QR code on a terminal and a ticket as PNG.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cleanEnv, mcpToolNames, ROOT, waitForLine } from '../support/cli.js';
import { startProxy } from '../support/proxy.js';
import { decodePng } from '../support/qr-png.js';

const run = promisify(execFile);
const MAX_PACKAGES = 5;
const MAX_BYTES = 15 * 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'tripctl-packed-'));
const prefix = join(dir, 'prefix');
const installed = join(prefix, 'lib', 'node_modules', 'tripctl');
const bin = join(prefix, 'bin', 'tripctl');
const env = cleanEnv(join(dir, 'config'), { NO_COLOR: undefined });
let sandbox: ChildProcess | undefined;
let session: Record<string, string> = {};

/** Every installed package: each directory with a package.json right under a node_modules. */
function packagesUnder(path: string): string[] {
  const found: string[] = [];
  const walk = (modules: string) => {
    for (const name of readdirSync(modules)) {
      if (name.startsWith('.')) continue;
      if (name.startsWith('@')) {
        for (const scoped of readdirSync(join(modules, name))) visit(join(modules, name, scoped));
      } else visit(join(modules, name));
    }
  };
  const visit = (pkg: string) => {
    try {
      statSync(join(pkg, 'package.json'));
    } catch {
      return;
    }
    found.push(pkg);
    try {
      walk(join(pkg, 'node_modules'));
    } catch {
      // no nested node_modules
    }
  };
  visit(path);
  return found;
}

function bytesUnder(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats || stats.isSymbolicLink()) return 0;
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesUnder(join(path, name)), 0);
}

const tripctl = (args: string[], extra: Record<string, string> = {}) =>
  run(bin, args, { env: { ...env, ...session, ...extra }, cwd: dir, encoding: 'utf8', timeout: 30_000 });

beforeAll(async () => {
  // The tarball of this checkout's build (vitest's global setup rebuilt it if src/ was newer).
  const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' });
  const tarball = join(dir, stdout.trim().split('\n').at(-1)!);
  await run('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', tarball], {
    cwd: dir,
    env: { ...process.env, npm_config_update_notifier: 'false' },
    timeout: 120_000,
  });
}, 150_000);

afterAll(() => {
  sandbox?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('a packed install', () => {
  test(`holds at most ${MAX_PACKAGES} packages and ${MAX_BYTES / 1024 / 1024} MB, only the declared dependencies and theirs`, () => {
    const packages = packagesUnder(installed);
    const bytes = bytesUnder(prefix);
    process.stderr.write(`packed install: ${packages.length} packages, ${(bytes / 1024 / 1024).toFixed(1)} MB\n`);
    expect(packages.length).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
    const { dependencies = {} } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    const modules = join(installed, 'node_modules');
    const topLevel = (statSync(modules, { throwIfNoEntry: false }) ? readdirSync(modules) : []).flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(installed, 'node_modules', name)).map((s) => `${name}/${s}`) : [name],
    );
    for (const name of Object.keys(dependencies)) expect(topLevel).toContain(name);
    // Nothing the bundle carries is installed again beside it.
    for (const bundled of ['commander', '@modelcontextprotocol/sdk', 'qrcode', 'yargs', 'undici', 'zod', 'express', 'pdfkit', 'fontkit'])
      expect(topLevel).not.toContain(bundled);
  });

  test('runs: the version, the sandbox and a session, a manifest PDF, a ticket QR and PNG, and the MCP server', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await tripctl(['--version'])).stdout.trim()).toBe(version);
    // The bundled packages' licences are in the package (npm pack took dist/THIRD-PARTY-LICENSES.txt).
    expect((await tripctl(['help', 'licenses'])).stdout).toContain('\nundici@');

    sandbox = spawn(bin, ['sandbox', '--port', '0'], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let banner = '';
    sandbox.stdout!.on('data', (chunk: Buffer) => (banner += chunk.toString('utf8')));
    await waitForLine(sandbox.stdout!, /^read-only key/, 30_000);
    session = {
      TRIPCTL_BASE_URL: banner.match(/^base URL\s+(\S+)/m)![1]!,
      TRIPCTL_API_KEY: banner.match(/^full key\s+(\S+)/m)![1]!,
    };
    expect(JSON.parse((await tripctl(['cities', 'list', '-o', 'json'])).stdout).length).toBeGreaterThan(0);

    // Behind a proxy (issue 34 §5): undici's public entry, loaded only then, from the installed files.
    const proxy = await startProxy({ 'sandbox.example.test:80': Number(new URL(session.TRIPCTL_BASE_URL!).port) });
    try {
      const proxied = await tripctl(['--base-url', 'http://sandbox.example.test/api/partner/v1', 'openapi', '-o', 'json'], {
        HTTP_PROXY: proxy.url,
        HTTPS_PROXY: proxy.url,
      });
      expect(JSON.parse(proxied.stdout).openapi).toMatch(/^3\./);
      expect(proxy.log).toEqual(['GET http://sandbox.example.test/api/partner/v1/openapi.json']);
    } finally {
      await proxy.close();
    }

    const trip = (await tripctl(['trips', 'list', '--status', 'published', '--limit', '1', '-o', 'ids'])).stdout.trim();
    await tripctl(['trips', 'manifest', trip, '--format', 'pdf', '--file', 'manifest.pdf']);
    expect(readFileSync(join(dir, 'manifest.pdf')).subarray(0, 5).toString()).toBe('%PDF-');

    // The QR code is drawn only on a terminal: `script` gives the command one (util-linux).
    const booking = (await tripctl(['bookings', 'list', '--status', 'approved', '--limit', '1', '-o', 'ids'])).stdout.trim();
    const ticket = await run('script', ['-qec', `stty cols 120 rows 60; '${bin}' bookings ticket ${booking}`, '/dev/null'], {
      env: { ...env, ...session, TERM: 'xterm-256color' },
      cwd: dir,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(ticket.stdout).toContain('▀');
    // …and as a PNG, which resvg draws (its WebAssembly read from dist/assets/), and as a PDF.
    await tripctl(['bookings', 'ticket', booking, '--format', 'png', '--file', 'ticket.png']);
    const issued = JSON.parse((await tripctl(['api', 'GET', `/bookings/${booking}/ticket`])).stdout) as { ticket: { qr: string } };
    expect(decodePng(join(dir, 'ticket.png'))).toBe(issued.ticket.qr);
    await tripctl(['bookings', 'ticket', booking, '--format', 'pdf', '--file', 'ticket.pdf']);
    expect(readFileSync(join(dir, 'ticket.pdf')).subarray(0, 5).toString()).toBe('%PDF-');

    const mcp = spawn(bin, ['mcp'], { env: { ...env, ...session }, cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    expect(await mcpToolNames(mcp, 'packed-install')).toContain('cities_list');
  }, 120_000);
});
