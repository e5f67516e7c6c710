// The listener's work per delivery in instructions, which no neighbour's load can move: runs the
// minimal verifying receiver (listen.mjs's reference), this build's `tripctl webhooks listen` and,
// with `--baseline BIN`, another build, each under `valgrind --tool=callgrind`, warms each up with
// the throughput benchmark's deliveries, then counts the user-space instructions (every thread:
// the JIT's and the GC's included) over a fixed number of deliveries sent on 8 keep-alive
// connections. The kernel's share (the socket writes, about half of the CPU time in the profile)
// is not counted: it is the same for every receiver.
//
// Under valgrind a delivery takes milliseconds, so work a listener does once a millisecond or
// once a second (its clock, its ISO time) is paid by nearly every delivery here: the counts are
// an upper bound of the listener's own work. The JIT still compiles now and then in the counted
// window, which moves a build's count by a few thousand between runs: the runs alternate and the
// median counts.
// Usage: node test/bench/listen-instructions.mjs [--deliveries N] [--runs R] [--baseline BIN] [--inspect]   (after npm run build; needs valgrind)
// --inspect adds `listen --inspect` with its page closed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { arg, LISTEN_ARGS, LISTEN_READY, MINIMAL, requests, startProcess } from './listen.mjs';

const DELIVERIES = Number(arg('--deliveries', 3000));
const WARM_UP = Number(arg('--warm-up', 6000));
const RUNS = Number(arg('--runs', 3));
const BASELINE = arg('--baseline', undefined);
const bin = resolve(import.meta.dirname, '../../bin/tripctl');

/** Sends `total` deliveries on 8 keep-alive connections, each waiting for its answer; fails on any status but 200. */
async function send(port, total) {
  const reqs = requests(`127.0.0.1:${port}`);
  let next = 0;
  await Promise.all(
    Array.from(
      { length: 8 },
      () =>
        new Promise((done, fail) => {
          const socket = connect(port, '127.0.0.1');
          let received = '';
          const sendNext = () => (next >= total ? socket.end(done) : socket.write(reqs[next++ % reqs.length]));
          socket.on('connect', sendNext);
          socket.on('error', fail);
          socket.on('data', (chunk) => {
            received += chunk.toString('latin1');
            for (let end = received.indexOf('\r\n\r\n'); end >= 0; end = received.indexOf('\r\n\r\n')) {
              if (!received.startsWith('HTTP/1.1 200')) return fail(new Error(`answered ${received.slice(0, 12)}`));
              received = received.slice(end + 4);
              sendNext();
            }
          });
        }),
    ),
  );
}

/** Instructions per delivery of one receiver process under callgrind. */
async function count(args, readyPattern) {
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-listen-instructions-'));
  try {
    const { child, port } = await startProcess(
      [
        '--tool=callgrind',
        '--instr-atstart=no',
        `--callgrind-out-file=${dir}/callgrind.out`,
        '--smc-check=all-non-file',
        process.execPath,
        ...args,
      ],
      readyPattern,
      { command: 'valgrind', dir },
    );
    const control = (option) => execFileSync('callgrind_control', [option, String(child.pid)], { stdio: 'ignore' });
    await send(port, WARM_UP);
    control('--instr=on');
    await send(port, DELIVERIES);
    control('--instr=off');
    control('--dump');
    const exited = new Promise((ok) => child.on('exit', ok));
    child.kill('SIGKILL');
    await exited;
    let instructions = 0;
    for (const file of readdirSync(dir).filter((name) => name.startsWith('callgrind.out'))) {
      const totals = /^totals: (\d+)/m.exec(readFileSync(join(dir, file), 'utf8'));
      if (totals) instructions = Math.max(instructions, Number(totals[1]));
    }
    return instructions / DELIVERIES;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const receivers = [
  ['node:http + createHmac + JSON.parse', ['-e', MINIMAL], /^port (\d+)/m],
  ['tripctl webhooks listen', [bin, ...LISTEN_ARGS], LISTEN_READY],
  ...(BASELINE ? [['baseline (--baseline)', [resolve(BASELINE), ...LISTEN_ARGS], LISTEN_READY]] : []),
  ...(process.argv.includes('--inspect') ? [['listen --inspect (page closed)', [bin, ...LISTEN_ARGS, '--inspect'], LISTEN_READY]] : []),
];
const counts = receivers.map(() => []);
for (let run = 0; run < RUNS; run++) {
  for (const [i, [, args, ready]] of receivers.entries()) counts[i].push(await count(args, ready));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const reference = median(counts[0]);
console.log(
  `webhooks listen under callgrind: user-space instructions per delivery, ${DELIVERIES} deliveries after ${WARM_UP} of warm-up, median of ${RUNS} runs`,
);
for (const [i, [label]] of receivers.entries()) {
  const own = median(counts[i]);
  const tail =
    i === 0 ? 'reference' : `+${(own - reference).toFixed(0)} over the reference (${((100 * (own - reference)) / reference).toFixed(1)}%)`;
  console.log(`  ${label.padEnd(36)} ${own.toFixed(0).padStart(8)}  (runs ${counts[i].map((n) => n.toFixed(0)).join(', ')})  ${tail}`);
}
