#!/usr/bin/env node
// `npm run demo`: starts the sandbox with the built tripctl and runs a real operator's session
// against it, command by command, as a newcomer would type them. Exits non-zero when any step
// does not do what it should, so CI keeps the README's promise true.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'tripctl');
const home = mkdtempSync(join(tmpdir(), 'tripctl-demo-'));
const env = { ...process.env, TRIPCTL_CONFIG_DIR: join(home, 'config'), NO_COLOR: '1' };
delete env.TRIPCTL_API_KEY;
delete env.TRIPCTL_BASE_URL;
delete env.TRIPCTL_PROFILE;

function run(args, { input, expect = 0, quiet = false } = {}) {
  return new Promise((done, fail) => {
    if (!quiet) process.stdout.write(`\n$ tripctl ${args.map((a) => (/[\s'"|;&<>]/.test(a) ? `'${a}'` : a)).join(' ')}\n`);
    const child = spawn(process.execPath, [bin, ...args], { env, cwd: home, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.end(input ?? '');
    child.on('close', (code) => {
      if (!quiet)
        process.stdout.write(
          stdout +
            stderr
              .split('\n')
              .filter(Boolean)
              .map((line) => `  (stderr) ${line}\n`)
              .join(''),
        );
      if (code !== expect) fail(new Error(`tripctl ${args.join(' ')} exited ${code}, expected ${expect}\n${stderr}`));
      else done(stdout);
    });
  });
}

const sandbox = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '--time-scale', '0.01'], {
  env,
  cwd: home,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let banner = '';
const ready = new Promise((done, fail) => {
  sandbox.stdout.on('data', (chunk) => {
    banner += chunk;
    if (/read-only key/.test(banner)) done();
  });
  sandbox.on('exit', (code) => fail(new Error(`the sandbox exited early (${code})`)));
  setTimeout(() => fail(new Error('the sandbox did not start within 15 s')), 15_000);
});

let failed = false;
try {
  await ready;
  process.stdout.write(`$ tripctl sandbox --port 0 --time-scale 0.01\n${banner}`);
  const baseUrl = /base URL\s+(\S+)/.exec(banner)[1];
  const key = /full key\s+(\S+)/.exec(banner)[1];
  env.TRIPCTL_PROFILE = 'sandbox';

  await run(['auth', 'status']);
  await run(['auth', 'login', '--profile', 'demo', '--base-url', baseUrl, '--with-key'], { input: `${key}\n` });
  env.TRIPCTL_PROFILE = 'demo';
  await run(['company', 'get']);
  await run(['cities', 'list']);
  await run(['places', 'search', '--city', 'Damascus']);
  await run(['vehicles', 'list']);
  const vehicles = JSON.parse(await run(['vehicles', 'list', '-o', 'json'], { quiet: true }));
  const plate = vehicles.find((v) => v.plate)?.plate;
  const departure = `${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)} 08:30`;
  const tripId = (
    await run([
      'trips',
      'publish',
      '--vehicle',
      plate,
      '--from',
      'Damascus',
      '--to',
      'حمص',
      '--departure',
      departure,
      '--price',
      '15000',
      '--tz',
      'Asia/Damascus',
      '-o',
      'ids',
    ])
  ).trim();
  await run(['trips', 'list', '--status', 'published', '--limit', '5']);
  const booking = (
    await run(['bookings', 'create', '--trip', tripId, '--seats', '2', '--phone', '+963944000111', '--name', 'Rami Haddad', '-o', 'ids'])
  ).trim();
  await run(['bookings', 'list', '--status', 'requested', '--limit', '5']);
  const requested = await run(['bookings', 'list', '--status', 'requested', '--trip', tripId, '-o', 'ids'], { quiet: true });
  process.stdout.write(`\n$ tripctl bookings list --status requested --trip ${tripId} -o ids | tripctl bookings approve -\n`);
  process.stdout.write(await run(['bookings', 'approve', '-'], { input: requested, quiet: true }));
  await run(['bookings', 'board', booking]);
  await run(['bookings', 'ticket', booking]);
  await run(['trips', 'manifest', tripId]);
  await run(['dashboard']);
  await run(['reports', 'export', '--type', 'bookings', '--format', 'xlsx']);
  await run(['payments', 'list', '--limit', '3']);
  await run(['bookings', 'approve', booking], { expect: 6 });
  await run(['trips', 'cancel', tripId], { expect: 2 });
  await run(['trips', 'cancel', tripId, '--yes']);
  process.stdout.write(
    '\nThe demo session ran against the sandbox. Try it yourself: tripctl sandbox, then tripctl --profile sandbox trips list\n',
  );
} catch (error) {
  failed = true;
  process.stderr.write(`\ndemo failed: ${error.message}\n`);
} finally {
  sandbox.kill('SIGINT');
  await new Promise((done) => sandbox.once('exit', done));
  rmSync(home, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
