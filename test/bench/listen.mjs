// Listener benchmark: signed deliveries per second that `tripctl webhooks listen` (the built
// tool, its line per delivery going to /dev/null) verifies and answers without forwarding, as a
// ratio to the least a correct receiver does — node:http + createHmac + timingSafeEqual +
// JSON.parse — measured in the same run, plus p50/p99 latency and CPU per delivery. The load
// generator is a small keep-alive client on raw sockets (N connections, each sending its next
// request when the last answer is complete), in this process.
//
// The rounds are interleaved (reference, listener, reference, listener…) and the ratio is taken
// per round, so a neighbour's load on a shared machine hits both sides of each ratio alike; the
// median round's ratio counts and the spread is printed beside it.
//
// Throughput on a shared machine moves with the neighbours' load. A second measure does not
// depend on who is fastest: every server is sent the same fixed rate of deliveries at the same
// time (paired), and the CPU each one spends per delivery (from /proc) is compared, per round.
//
// Usage: node test/bench/listen.mjs [--seconds S] [--connections N] [--rounds R] [--rate N] [--baseline BIN] [--inspect]
//   (after npm run build). --baseline adds a row for another build's bin/tripctl (a checkout of
//   an earlier commit, say), measured in the same rounds: before and after in one run. --inspect
//   adds a row for `listen --inspect` with its page closed (issue 38: the page costs nothing unseen).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The value after a command-line option, or the fallback (the listener benches share it). */
export const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const SECONDS = Number(arg('--seconds', 3));
const CONNECTIONS = Number(arg('--connections', 32));
const ROUNDS = Number(arg('--rounds', 5));
const BASELINE = arg('--baseline', undefined);
const WITH_INSPECTOR = process.argv.includes('--inspect');
const RATE = Number(arg('--rate', 4000));
const TARGET = 0.9;
const SECRET = 'whsec_benchmark_benchmark_benchmark_00';
const bin = resolve(import.meta.dirname, '../../bin/tripctl');
const configDir = mkdtempSync(join(tmpdir(), 'tripctl-bench-listen-'));

/** 2000 distinct signed deliveries, the shape and size of a booking event. */
export function requests(host) {
  const list = [];
  for (let i = 0; i < 2000; i++) {
    const id = `evt_${String(i).padStart(24, '0')}`;
    const body = Buffer.from(
      JSON.stringify({
        id,
        event: 'booking.approved',
        apiVersion: '2026-08-21',
        occurredAt: '2026-08-21T10:00:00.000Z',
        data: {
          id: '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
          tripId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
          status: 'approved',
          seats: 2,
          source: 'partner_api',
          boardedAt: null,
          noShow: false,
        },
      }),
    );
    const signature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const head =
      `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nUser-Agent: Service-Partner-Webhooks/1.0\r\n` +
      `X-Service-Event: booking.approved\r\nX-Service-Delivery: ${id}\r\nX-Service-Signature: ${signature}\r\nContent-Length: ${body.length}\r\n\r\n`;
    list.push(Buffer.concat([Buffer.from(head), body]));
  }
  return list;
}

/** Runs N keep-alive connections for `seconds`; returns requests per second and latencies (ms). */
export async function load(port, seconds, connections, pid) {
  const reqs = requests(`127.0.0.1:${port}`);
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  let stopAt = 0;
  let measuring = false;
  let completed = 0;
  const one = () =>
    new Promise((done, fail) => {
      const socket = connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      let buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= stopAt) return socket.end(done);
        sentAt = performance.now();
        socket.write(reqs[next++ % reqs.length]);
      };
      socket.on('connect', send);
      socket.on('error', fail);
      socket.on('data', (chunk) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        for (;;) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffer.subarray(0, end).toString('latin1');
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
          if (Number.isNaN(length)) return fail(new Error(`response without content-length: ${head}`));
          if (buffer.length < end + 4 + length) return;
          const status = head.slice(9, 12);
          buffer = buffer.subarray(end + 4 + length);
          if (measuring) {
            latencies.push(performance.now() - sentAt);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            completed++;
          }
          send();
        }
      });
    });
  // One second of warm-up (JIT, connection set-up), then the measured window.
  stopAt = performance.now() + 1000 + seconds * 1000;
  const all = Promise.all(Array.from({ length: connections }, one));
  let started = performance.now();
  let cpuStart;
  setTimeout(() => {
    measuring = true;
    started = performance.now();
    cpuStart = cpuMicros(pid);
  }, 1000);
  await all;
  const elapsed = (performance.now() - started) / 1000;
  const cpuEnd = cpuMicros(pid);
  const cpuPerRequest = cpuStart !== undefined && cpuEnd !== undefined ? (cpuEnd - cpuStart) / completed : undefined;
  return { rate: completed / elapsed, latencies, statuses, cpuPerRequest };
}

/** CPU time (user + system) a process has used, in µs, where /proc says (Linux); else undefined. */
function cpuMicros(pid) {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // clock ticks of 10 ms (USER_HZ 100)
  } catch {
    return undefined;
  }
}

/**
 * Starts a receiver (node with `args`, or `command` with them: valgrind, say) in a clean
 * environment, and resolves with it and its port once its ready line shows on stderr.
 */
export function startProcess(args, readyPattern, { command = process.execPath, dir = configDir } = {}) {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TRIPCTL_CONFIG_DIR: dir, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = readyPattern.exec(stderr);
      if (match) ok({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => fail(new Error(`${args.slice(0, 4).join(' ')} exited ${code}: ${stderr}`)));
  });
}

// The least a receiver that checks signatures does: read the body, HMAC it with node:crypto,
// compare in constant time, parse the JSON, answer. The reference every ratio is taken against.
export const MINIMAL = `const { createHmac, timingSafeEqual } = require('node:crypto');
require('node:http').createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const given = Buffer.from(String(req.headers['x-service-signature']).slice(7), 'hex');
    const ok = given.length === 32 && timingSafeEqual(createHmac('sha256', '${SECRET}').update(body).digest(), given);
    JSON.parse(body.toString('utf8'));
    res.writeHead(ok ? 200 : 400, { 'content-length': '0' });
    res.end();
  });
}).listen(0, '127.0.0.1', function () { process.stderr.write('port ' + this.address().port + '\\n'); });`;

export const LISTEN_ARGS = ['webhooks', 'listen', '--port', '0', '--secret', SECRET];
export const LISTEN_READY = /listening on http:\/\/127\.0\.0\.1:(\d+)\//;

/**
 * Sends every server `rate` deliveries a second at once (open loop, 8 keep-alive connections
 * each) for `seconds` after a second of warm-up; resolves with each one's CPU µs per delivery.
 */
async function paired(servers, rate, seconds) {
  const loads = await Promise.all(
    servers.map(async (server) => {
      const reqs = requests(`127.0.0.1:${server.port}`);
      const sockets = await Promise.all(
        Array.from(
          { length: 8 },
          () =>
            new Promise((ok, fail) => {
              const socket = connect(server.port, '127.0.0.1', () => ok(socket));
              socket.setNoDelay(true);
              socket.on('error', fail);
            }),
        ),
      );
      const state = { server, reqs, sockets, answered: 0, sent: 0, cpuStart: 0 };
      // Counting status lines is enough: every answer is one short head with no body.
      for (const socket of sockets)
        socket.on('data', (chunk) => (state.answered += chunk.toString('latin1').split('HTTP/1.1 ').length - 1));
      return state;
    }),
  );
  const started = performance.now();
  let measuring = false;
  await new Promise((done) => {
    const tick = () => {
      const elapsed = performance.now() - started;
      if (elapsed >= 1000 + seconds * 1000) return done();
      if (!measuring && elapsed >= 1000) {
        measuring = true;
        for (const state of loads) {
          state.cpuStart = cpuMicros(state.server.child.pid);
          state.answered = 0;
        }
      }
      const due = Math.floor((elapsed * rate) / 1000);
      for (const state of loads) {
        for (; state.sent < due; state.sent++) state.sockets[state.sent % 8].write(state.reqs[state.sent % state.reqs.length]);
      }
      setImmediate(tick);
    };
    tick();
  });
  const result = loads.map((state) => (cpuMicros(state.server.child.pid) - state.cpuStart) / state.answered);
  for (const state of loads) for (const socket of state.sockets) socket.destroy();
  return result;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchListen() {
  const servers = [];
  try {
    servers.push({
      name: 'minimal',
      label: 'node:http + createHmac + JSON.parse',
      ...(await startProcess(['-e', MINIMAL], /port (\d+)/)),
      runs: [],
    });
    servers.push({
      name: 'listen',
      label: 'tripctl webhooks listen',
      ...(await startProcess([bin, ...LISTEN_ARGS], LISTEN_READY)),
      runs: [],
    });
    if (BASELINE)
      servers.push({
        name: 'baseline',
        label: 'baseline (--baseline)',
        ...(await startProcess([resolve(BASELINE), ...LISTEN_ARGS], LISTEN_READY)),
        runs: [],
      });
    if (WITH_INSPECTOR)
      servers.push({
        name: 'inspect',
        label: 'listen --inspect (page closed)',
        ...(await startProcess([bin, ...LISTEN_ARGS, '--inspect'], LISTEN_READY)),
        runs: [],
      });
    for (let round = 0; round < ROUNDS; round++) {
      for (const server of servers) server.runs.push(await load(server.port, SECONDS, CONNECTIONS, server.child.pid));
    }
    if (cpuMicros(process.pid) !== undefined) {
      for (let round = 0; round < ROUNDS; round++) {
        const cpus = await paired(servers, RATE, SECONDS);
        servers.forEach((server, i) => (server.paired ??= []).push(cpus[i]));
      }
    }
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    rmSync(configDir, { recursive: true, force: true });
  }
  const [reference, ...others] = servers;
  console.log(
    `webhooks listen, ${CONNECTIONS} keep-alive connections, ${ROUNDS} interleaved rounds of ${SECONDS} s (verify + answer + a line per delivery, no forwarding)`,
  );
  let met = true;
  for (const server of servers) {
    const rates = server.runs.map((r) => r.rate);
    const cpus = server.runs.map((r) => r.cpuPerRequest).filter((v) => v !== undefined);
    const latencies = server.runs.flatMap((r) => r.latencies);
    const ratios = server.runs.map((r, i) => r.rate / reference.runs[i].rate);
    let tail = 'reference (the least a verifying receiver does)';
    if (server !== reference) {
      const ratio = median(ratios);
      const verdict = server.name === 'listen' ? (ratio >= TARGET ? `  target ≥ ${TARGET}× met` : `  target ≥ ${TARGET}× MISSED`) : '';
      if (server.name === 'listen' && ratio < TARGET) met = false;
      tail = `${ratio.toFixed(2)}× (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})${verdict}`;
    }
    console.log(
      `  ${server.label.padEnd(36)} ${median(rates).toFixed(0).padStart(6)} req/s (${Math.min(...rates).toFixed(0)}–${Math.max(...rates).toFixed(0)})` +
        `  p50 ${percentile(latencies, 50).toFixed(2)} ms  p99 ${percentile(latencies, 99).toFixed(2)} ms` +
        `${cpus.length ? `  cpu ${median(cpus).toFixed(1)} µs/req` : ''}  ${tail}`,
    );
    const bad = server.runs.flatMap((r) => [...r.statuses]).filter(([status]) => status !== '200');
    if (bad.length) {
      met = false;
      console.log(`    answered non-200: ${bad.map(([s, n]) => `${s} × ${n}`).join(', ')}`);
    }
  }
  if (reference.paired) {
    console.log(
      `  the same ${RATE} deliveries/s sent to each at once, ${ROUNDS} rounds of ${SECONDS} s: CPU per delivery, and the reference's over each one's per round`,
    );
    for (const server of servers) {
      const ratios = server.paired.map((us, i) => reference.paired[i] / us);
      const tail =
        server === reference
          ? 'reference'
          : `${median(ratios).toFixed(2)}× (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
      console.log(
        `  ${server.label.padEnd(36)} cpu ${median(server.paired).toFixed(1)} µs/delivery (${Math.min(...server.paired).toFixed(1)}–${Math.max(...server.paired).toFixed(1)})  ${tail}`,
      );
    }
  }
  if (others.length === 0) met = false;
  return met;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const met = await benchListen();
  process.exitCode = met ? 0 : 3;
}
