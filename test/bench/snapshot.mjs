// npm run bench -- --snapshot: what a V8 start-up snapshot (`node --build-snapshot`) would buy on
// Node 24, measured against the npm build in the same rounds, in CPU time (perf task-clock).
// The whole tool as one CommonJS file (build.mjs's buildOptions({ split: false }), the form a
// single executable takes), every module evaluated into the snapshot; the process wiring of
// src/main.ts (streams, signals, the run) deferred to the snapshot's main function. An npm install
// could not use it anyway (node must be started with --snapshot-blob, and a blob fits only the
// exact binary that made it); this measures whether the single executable should (SEA useSnapshot).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { buildOptions } from '../tools/build.mjs';
import { nodeBinary } from './startup.mjs';

const root = resolve(import.meta.dirname, '../..');

export async function benchSnapshot({ runs, configDir }) {
  const node = nodeBinary(24);
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-snapshot-'));
  try {
    const file = join(dir, 'tripctl.cjs');
    await build({ ...(await buildOptions({ split: false })), outfile: file, logLevel: 'error' });
    const code = readFileSync(file, 'utf8');
    // main.ts's top level after its imports: from the abort controller to the end.
    const start = code.lastIndexOf('var controller=new AbortController;');
    const inits = code.lastIndexOf('init_context();', start);
    if (start < 0 || inits < 0) throw new Error("snapshot bench: src/main.ts's top level was not found in the one-file build");
    const entry = join(dir, 'entry.cjs');
    const run = `globalThis.__tripctlRun=()=>{${code.slice(inits).trim()}};`;
    const onDeserialize = "require('node:v8').startupSnapshot.setDeserializeMainFunction(()=>globalThis.__tripctlRun());";
    writeFileSync(entry, `${code.slice(0, inits)}${run}\n${onDeserialize}\n`);
    const blob = join(dir, 'snapshot.blob');
    execFileSync(node, ['--snapshot-blob', blob, '--build-snapshot', entry], { cwd: dir, stdio: 'inherit' });
    const env = { ...process.env, TRIPCTL_CONFIG_DIR: configDir, NO_COLOR: '1' };
    // Asynchronously: the bench's server answers in this very process.
    const cpu = (args) =>
      new Promise((ok, fail) => {
        const child = spawn('perf', ['stat', '-x,', '-e', 'task-clock', '-r', String(runs), '--', node, ...args], {
          env,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let out = '';
        child.stderr.on('data', (chunk) => (out += chunk));
        child.on('error', fail);
        child.on('exit', (status) =>
          status === 0 ? ok(Number(/^([\d.]+),msec,task-clock/m.exec(out)?.[1])) : fail(new Error(`${args.join(' ')}: ${out}`)),
        );
      });
    // Its first argument stands where a script would: the snapshot's main function reads argv[2] on.
    const cases = [
      ['node -e 0', ['-e', '0']],
      ['npm build --version', [join(root, 'bin/tripctl'), '--version']],
      ['snapshot --version', ['--snapshot-blob', blob, 'tripctl', '--version']],
      ['npm build one GET', [join(root, 'bin/tripctl'), 'cities', 'list', '-o', 'json']],
      ['snapshot one GET', ['--snapshot-blob', blob, 'tripctl', 'cities', 'list', '-o', 'json']],
    ];
    const size = (readFileSync(blob).length / 2 ** 20).toFixed(1);
    console.log(
      `V8 start-up snapshot on Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()} (blob ${size} MiB), CPU ms, ${runs} runs each:`,
    );
    const reference = await cpu(cases[0][1]);
    for (const [name, args] of cases) {
      const ms = name === 'node -e 0' ? reference : await cpu(args);
      console.log(`  ${name.padEnd(22)} ${ms.toFixed(1).padStart(6)} ms  ${(ms / reference).toFixed(2)}×`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
