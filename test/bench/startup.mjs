// Start-up on Node 20, 22 and 24: medians of whole-process runs of the built bin/tripctl, each
// printed as a ratio to the same Node binary's `node -e 0`, measured in the same rounds.
// Node 22 and 24 are fetched as .ci/run does: `npm pack node-<platform>-<arch>@<major>` (the
// registry's tarball of the `node` binary package), kept in node_modules/.cache/tripctl-nodes/.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The Node binary of one major version: this process's own if it is that one, else a cached download. */
export function nodeBinary(major) {
  if (process.versions.node.split('.')[0] === String(major)) return process.execPath;
  const dir = join(root, 'node_modules/.cache/tripctl-nodes', String(major));
  const bin = join(dir, 'package/bin/node');
  if (existsSync(bin)) return bin;
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  mkdirSync(dir, { recursive: true });
  execFileSync('npm', ['pack', '--silent', `node-${platform}-${process.arch}@${major}`], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  execFileSync('tar', ['-xzf', tarball], { cwd: dir });
  rmSync(join(dir, tarball));
  return bin;
}

/**
 * The single executable (npm run build:exe), measured in Node 24's rounds against that Node's
 * `node -e 0` (its goal: `--version` ≤ 1.3×), where it is built.
 */
const EXE = join(root, 'dist/exe/tripctl');

/**
 * @param {{ runs: number, majors: number[], bins: { name: string, path: string }[], alsoWith?: (configDir: string) => Promise<void> }} options
 *   `bins`: the builds to measure (the first is this checkout's; `--compare NAME=BIN` adds others,
 *   measured in the same rounds, so a before and after differ by the build alone).
 * @returns whether every goal was met by the first build
 */
export async function benchStartup({ runs, majors, bins, alsoWith }) {
  const configDir = mkdtempSync(join(tmpdir(), 'tripctl-bench-'));
  const cities = JSON.stringify({
    cities: [
      { id: 'damascus', name: 'Damascus', nameAr: 'دمشق' },
      { id: 'homs', name: 'Homs', nameAr: 'حمص' },
    ],
  });
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(cities);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  // A profile as `auth login` saves it (its zone and country included): every run reads and
  // checks it, as an operator's runs do.
  const profile = {
    baseUrl: `http://127.0.0.1:${server.address().port}/api/partner/v1`,
    apiKey: 'sk_test_benchmarkbenchmark',
    timezone: 'Asia/Damascus',
    country: 'SY',
  };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ defaultProfile: 'bench', profiles: { bench: profile } }), { mode: 0o600 });
  const env = { ...process.env, TRIPCTL_CONFIG_DIR: configDir, NO_COLOR: '1' };
  delete env.TRIPCTL_API_KEY;
  delete env.TRIPCTL_BASE_URL;
  delete env.TRIPCTL_PROFILE;
  // CPU time too, where perf is installed: on a shared machine wall time moves with the load, CPU
  // time far less (test/bench/README.md). Each run under `perf stat -e task-clock`, its figure in
  // a file of its own; the wall time is taken around it alike for every case.
  const perf = (() => {
    try {
      execFileSync('perf', ['stat', '-x,', '-e', 'task-clock', '--', 'true'], { stdio: 'ignore' });
      return join(configDir, 'perf.txt');
    } catch {
      return undefined;
    }
  })();
  const time = (cmd, args, extraEnv = {}) =>
    new Promise((ok, fail) => {
      const started = process.hrtime.bigint();
      const [file, argv] = perf ? ['perf', ['stat', '-x,', '-e', 'task-clock', '-o', perf, '--', cmd, ...args]] : [cmd, args];
      const child = spawn(file, argv, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', fail);
      child.on('exit', (code) => {
        if (code !== 0) return fail(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr}`));
        const wall = Number(process.hrtime.bigint() - started) / 1e6;
        const cpu = perf ? Number(/^([\d.]+),msec,task-clock/m.exec(readFileSync(perf, 'utf8'))?.[1]) : Number.NaN;
        ok({ wall, cpu });
      });
    });

  // Goals (issue 30): Node 24 (and 22, which operators run too) against the tighter start-up one.
  const goals = (major) => (major === 20 ? { version: 1.6, get: 2.0 } : { version: 1.3, get: 2.0 });
  let met = true;
  try {
    for (const major of majors) {
      const node = nodeBinary(major);
      const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
      const goal = goals(major);
      const cases = [{ name: 'node -e 0', args: ['-e', '0'] }];
      for (const [index, bin] of bins.entries()) {
        const label = index === 0 ? 'tripctl' : `${bin.name}:`;
        const first = index === 0;
        cases.push(
          { name: `${label} --version`, args: [bin.path, '--version'], target: first && goal.version },
          { name: `${label} cities list -o json`, args: [bin.path, 'cities', 'list', '-o', 'json'], target: first && goal.get },
          // What a run pays without a compile cache (the first after an install or upgrade).
          { name: '  the same, no compile cache', args: [bin.path, 'cities', 'list', '-o', 'json'], env: { TRIPCTL_NO_CODE_CACHE: '1' } },
        );
      }
      if (major === 24 && existsSync(EXE)) {
        const inside = execFileSync(EXE, ['--version'], { encoding: 'utf8' }).trim();
        cases.push(
          { name: 'single executable --version', cmd: EXE, args: ['--version'], target: goal.version },
          { name: 'single executable cities list -o json', cmd: EXE, args: ['cities', 'list', '-o', 'json'], target: goal.get },
        );
        if (!inside.endsWith(`Node ${nodeVersion})`))
          console.log(`(the single executable is ${inside}; the reference is Node ${nodeVersion})`);
      } else if (major === 24) console.log('(dist/exe/tripctl is not built: `npm run build:exe` adds its rows)');
      const samples = cases.map(() => []);
      // Warm the file cache and make the compile cache, as a user's first run does; then interleave
      // the cases so drift in the machine's load hits all of them alike.
      for (const c of cases) await time(c.cmd ?? node, c.args, c.env);
      for (let i = 0; i < runs; i++) for (const [n, c] of cases.entries()) samples[n].push(await time(c.cmd ?? node, c.args, c.env));
      const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const reference = median(samples[0].map((sample) => sample.wall));
      const referenceCpu = median(samples[0].map((sample) => sample.cpu));
      console.log(`start-up on Node ${nodeVersion}, median of ${runs} runs (reference: its node -e 0 = ${reference.toFixed(1)} ms)`);
      if (perf) console.log(`  (CPU: its node -e 0 = ${referenceCpu.toFixed(1)} ms, perf task-clock; the firmer figure on a busy machine)`);
      for (const [n, c] of cases.entries()) {
        const m = median(samples[n].map((sample) => sample.wall));
        const ratio = m / reference;
        let verdict = n === 0 ? 'reference' : '';
        if (c.target) {
          verdict = ratio <= c.target ? `goal ≤ ${c.target}× met` : `goal ≤ ${c.target}× MISSED`;
          if (ratio > c.target) met = false;
        }
        const cpu = median(samples[n].map((sample) => sample.cpu));
        const cpuColumn = perf ? `  CPU ${cpu.toFixed(1).padStart(6)} ms ${(cpu / referenceCpu).toFixed(2)}×` : '';
        console.log(`  ${c.name.padEnd(36)} ${m.toFixed(1).padStart(7)} ms  ${ratio.toFixed(2)}×${cpuColumn}  ${verdict}`);
      }
    }
    // Another measure against the same server and profile (--snapshot: snapshot.mjs).
    await alsoWith?.(configDir);
  } finally {
    server.close();
    rmSync(configDir, { recursive: true, force: true });
  }
  return met;
}
