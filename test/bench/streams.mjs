// Downloads and long walks: whole processes against a loopback server, medians, with peak RSS
// from the operating system (/usr/bin/time -v). Reference measured in the same run: curl for
// the download; for walks, the same command at 10,000 and 100,000 items (memory must stay flat).
// Usage: node test/bench/streams.mjs [--runs N]   (npm run bench runs it after the start-up rows)
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const FILE_BYTES = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 'trip,booking,seats,amount\n');

function trip(i) {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    status: 'published',
    fromCityId: 'damascus',
    toCityId: 'aleppo',
    departureAt: '2026-12-01T06:30:00.000Z',
    pricePerSeat: 1800000,
    totalSeats: 14,
    seatsLeft: 9,
    vehicleId: '11111111-2222-4333-8444-555555555555',
    notes: 'Departs from the Harasta garage; luggage up to 20 kg per passenger.',
  };
}

function serve(totalTrips) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.endsWith('/reports/export')) {
      res.writeHead(200, {
        'content-type': 'text/csv',
        'content-length': FILE_BYTES,
        'content-disposition': 'attachment; filename="bookings.csv"',
      });
      let sent = 0;
      const pump = () => {
        while (sent < FILE_BYTES) {
          sent += CHUNK.length;
          if (!res.write(CHUNK)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    const perPage = Math.min(100, Number(url.searchParams.get('perPage') ?? 25));
    const page = Number(url.searchParams.get('page') ?? 1);
    const lastPage = Math.ceil(server.totalTrips / perPage);
    const items = [];
    for (let i = (page - 1) * perPage; i < Math.min(page * perPage, server.totalTrips); i++) items.push(trip(i));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ trips: items, meta: { page, perPage, total: server.totalTrips, lastPage } }));
  });
  server.totalTrips = totalTrips;
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

/** Runs a command under /usr/bin/time -v: wall ms and peak RSS in MiB. */
function measure(cmd, args, env, stdout = 'ignore') {
  return new Promise((ok, fail) => {
    const started = process.hrtime.bigint();
    const child = spawn('/usr/bin/time', ['-v', cmd, ...args], { env, stdio: ['ignore', stdout, 'pipe'] });
    // A pipe read as fast as it fills (the bench process as the reader), as `| cat > file` would.
    child.stdout?.resume();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('exit', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return fail(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`));
      const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? Number.NaN) / 1024;
      ok({ ms, rss });
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchStreams(runs = 5) {
  if (!existsSync('/usr/bin/time')) {
    console.log('streams: skipped, /usr/bin/time is missing (apt-get install time)');
    return true;
  }
  const bin = resolve(import.meta.dirname, '../../bin/tripctl');
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-bench-streams-'));
  const server = await serve(100_000);
  const base = `http://127.0.0.1:${server.address().port}/api/partner/v1`;
  const key = 'sk_test_benchmarkbenchmark';
  const env = { ...process.env, TRIPCTL_CONFIG_DIR: dir, TRIPCTL_BASE_URL: base, TRIPCTL_API_KEY: key, NO_COLOR: '1' };
  let ok = true;
  try {
    // The download: tripctl's rate against curl's on the same server, same file system.
    const hasCurl = spawnSync('curl', ['--version']).status === 0;
    const curl = [];
    const ours = [];
    const target = join(dir, 'export.csv');
    for (let i = 0; i < runs; i++) {
      if (hasCurl)
        curl.push(
          await measure(
            'curl',
            ['-sS', '-o', target, '-H', `Authorization: Bearer ${key}`, `${base}/reports/export?type=bookings&format=csv`],
            env,
          ),
        );
      ours.push(
        await measure(
          process.execPath,
          [bin, 'reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', target, '--force', '--timeout', '600'],
          env,
        ),
      );
    }
    // The same to stdout, into a pipe: `--file -` against `curl -o -`.
    const curlPiped = [];
    const oursPiped = [];
    for (let i = 0; i < runs; i++) {
      if (hasCurl)
        curlPiped.push(
          await measure(
            'curl',
            ['-sS', '-H', `Authorization: Bearer ${key}`, `${base}/reports/export?type=bookings&format=csv`],
            env,
            'pipe',
          ),
        );
      oursPiped.push(
        await measure(
          process.execPath,
          [bin, 'reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', '-', '--timeout', '600'],
          env,
          'pipe',
        ),
      );
    }
    console.log(`streams, medians of ${runs} runs`);
    // Goals (issue 21): wall time at most 2.5× curl's on the same server, to a file and into a
    // pipe, and a peak RSS of at most 150 MiB.
    for (const [label, mine, theirs] of [
      ['200 MB reports export --file F', ours, curl],
      ['200 MB reports export --file - | ', oursPiped, curlPiped],
    ]) {
      const oursMs = median(mine.map((r) => r.ms));
      const oursRss = Math.max(...mine.map((r) => r.rss));
      if (!hasCurl) {
        console.log(`  ${label}: ${oursMs.toFixed(0)} ms, peak RSS ${oursRss.toFixed(0)} MiB (no curl for the reference)`);
        continue;
      }
      const curlMs = median(theirs.map((r) => r.ms));
      const ratio = oursMs / curlMs;
      if (ratio > 2.5 || oursRss > 150) ok = false;
      console.log(
        `  ${label.padEnd(34)} ${oursMs.toFixed(0).padStart(5)} ms vs curl ${curlMs.toFixed(0).padStart(5)} ms = ${ratio.toFixed(2)}× curl's time (goal ≤ 2.5×); peak RSS ${oursRss.toFixed(0)} MiB (goal ≤ 150)`,
      );
    }

    // Walks: the same peak at 10,000 and 100,000 items, for every format, piped to /dev/null.
    for (const format of ['json', 'ndjson', 'csv', 'table']) {
      const peaks = [];
      for (const total of [10_000, 100_000]) {
        server.totalTrips = total;
        const samples = [];
        for (let i = 0; i < Math.max(1, Math.floor(runs / 2)); i++)
          samples.push(await measure(process.execPath, [bin, 'trips', 'list', '--all', '-o', format], env));
        peaks.push({ total, rss: Math.max(...samples.map((r) => r.rss)), ms: median(samples.map((r) => r.ms)) });
      }
      const [small, large] = peaks;
      const flat = large.rss <= 100 && small.rss <= 100 && large.rss - small.rss <= 25;
      if (!flat) ok = false;
      console.log(
        `  trips list --all -o ${format.padEnd(6)} peak RSS ${small.rss.toFixed(0)} MiB at 10,000, ${large.rss.toFixed(0)} MiB at 100,000 (${(large.ms / 1000).toFixed(1)} s) ${flat ? 'met' : 'MISSED'} (goal: ≤ 100 MiB, 100,000 within 25 MiB of 10,000)`,
      );
    }
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runsArg = process.argv.indexOf('--runs');
  process.exitCode = (await benchStreams(runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5)) ? 0 : 3;
}
