// Where the listener's time per delivery goes: runs the built `tripctl webhooks listen` under
// `node --cpu-prof` with the listener benchmark's load, then splits the profile's samples by the
// innermost frame of the bundle on each stack — the work any verifying receiver does (HMAC,
// JSON.parse, reading the body, node:http's answer) apart from the listener's own (the event
// object, the retry index, rendering, the batch) — and prints µs per delivery.
//
// Per-delivery µs move with the machine's load (a busy neighbour slows every cache miss), so
// compare builds in the same run (samples every 100 µs, so a function of 0.1 µs a delivery still
// gets hundreds): `--baseline BIN` profiles another build's bin/tripctl too, and
// the runs alternate (`--runs N`, default 3; medians printed).
// Usage: node test/bench/listen-profile.mjs [--seconds S] [--runs N] [--baseline BIN]   (after npm run build)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { arg, LISTEN_ARGS, LISTEN_READY, load, startProcess } from './listen.mjs';

const SECONDS = Number(arg('--seconds', 4));
const RUNS = Number(arg('--runs', 3));
const BASELINE = arg('--baseline', undefined);
const bin = resolve(import.meta.dirname, '../../bin/tripctl');

/** Profiles one listener process under load; resolves with the profile and the deliveries it counted. */
async function profileOnce(binPath) {
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-listen-profile-'));
  try {
    const { child, port } = await startProcess(
      ['--cpu-prof', '--cpu-prof-interval', '100', `--cpu-prof-dir=${dir}`, binPath, ...LISTEN_ARGS],
      LISTEN_READY,
      { dir },
    );
    // The profile's clock and hrtime are both the monotonic clock: only the samples of the load's
    // measured window count (after its second of warm-up, before the wait for SIGINT).
    const started = process.hrtime.bigint();
    const result = await load(port, SECONDS, 32, child.pid);
    const window = [Number(started / 1000n) + 1_000_000, Number(process.hrtime.bigint() / 1000n)];
    const exited = new Promise((ok) => child.on('exit', ok));
    child.kill('SIGINT');
    await exited;
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    return { profile: JSON.parse(readFileSync(join(dir, file), 'utf8')), deliveries: result.latencies.length, window };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// What the innermost bundle function of a sample says about the work: shared with any verifying
// receiver, or the listener's own. Names as esbuild keeps them (the bundle keeps names).
const SHARED = new Map([
  ['mac', 'HMAC (node:crypto)'],
  ['signatureMatches', 'HMAC (node:crypto)'],
  ['hmacSha256', 'HMAC (node:crypto)'],
  ['parseJson', 'JSON.parse'],
  ['parseJson2', 'JSON.parse'],
  ['handle', 'reading the body'],
]);

/** µs per delivery by kind of work, and the listener's own by function. */
function split({ profile, deliveries, window }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const time = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= window[0] && at <= window[1]) time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const kinds = new Map();
  const own = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us / deliveries);
  for (const [id, us] of time) {
    const leaf = byId.get(id).callFrame.functionName;
    if (leaf === '(idle)' || leaf === '(program)' || leaf === '(garbage collector)') {
      add(kinds, leaf === '(idle)' ? 'idle' : `V8 ${leaf.slice(1, -1)}`, us);
      continue;
    }
    let below;
    let inner;
    for (let node = id; node !== undefined; below = node, node = parent.get(node)) {
      if (byId.get(node).callFrame.url.endsWith('tripctl.cjs')) {
        inner = byId.get(node);
        break;
      }
    }
    if (!inner) {
      add(kinds, 'shared: node:http parsing and sockets', us);
      continue;
    }
    const name = inner.callFrame.functionName;
    const next = below !== undefined ? byId.get(below).callFrame : undefined;
    if (SHARED.has(name)) add(kinds, `shared: ${SHARED.get(name)}`, us);
    // An earlier build's hand-made HMAC was an anonymous closure over node:crypto's hash.
    else if (name === '' && next && /crypto/.test(next.url)) add(kinds, 'shared: HMAC (node:crypto)', us);
    else if (name === 'answer' && next && /_http|writeHead|^end$/.test(`${next.url} ${next.functionName}`))
      add(kinds, "shared: node:http's answer", us);
    else if (name === '' && next && /readable|events|_http/.test(next.url)) add(kinds, 'shared: reading the body', us);
    else {
      add(kinds, 'listener own', us);
      add(own, `${name || '(anonymous)'}`, us);
    }
  }
  return { kinds, own, deliveries };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const builds = [['this build', bin], ...(BASELINE ? [['baseline', resolve(BASELINE)]] : [])];
const results = new Map(builds.map(([name]) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, path] of builds) results.get(name).push(split(await profileOnce(path)));
}
console.log(
  `webhooks listen under node --cpu-prof, ${RUNS} runs of ${SECONDS} s each (medians, µs of CPU per delivery; idle is time waiting)`,
);
for (const [name, runs] of results) {
  const kinds = [...new Set(runs.flatMap((r) => [...r.kinds.keys()]))];
  const rows = kinds.map((kind) => [kind, median(runs.map((r) => r.kinds.get(kind) ?? 0))]).sort((a, b) => b[1] - a[1]);
  console.log(`${name}: ${median(runs.map((r) => r.deliveries))} deliveries in a run's measured window`);
  for (const [kind, us] of rows) console.log(`  ${us.toFixed(2).padStart(7)}  ${kind}`);
  const share = median(
    runs.map((r) => {
      const busy = [...r.kinds].filter(([kind]) => kind !== 'idle').reduce((sum, [, us]) => sum + us, 0);
      return (100 * (r.kinds.get('listener own') ?? 0)) / busy;
    }),
  );
  console.log(
    `  listener own: ${share.toFixed(1)}% of the time the process was busy (the share moves less with the machine's load than µs do)`,
  );
  const functions = [...new Set(runs.flatMap((r) => [...r.own.keys()]))];
  const top = functions
    .map((fn) => [fn, median(runs.map((r) => r.own.get(fn) ?? 0))])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8);
  console.log(`  listener own, by function: ${top.map(([fn, us]) => `${fn} ${us.toFixed(2)}`).join(', ')}`);
}
