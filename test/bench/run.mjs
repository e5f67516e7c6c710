// npm run bench: start-up on Node 20, 22 and 24 (test/bench/startup.mjs), then the webhook
// listener (listen.mjs) and downloads and walks (streams.mjs), each figure a ratio to a reference
// measured in the same run, so the figures mean the same on a fast or a slow machine.
// Usage: npm run bench [-- --runs N] [--nodes 20,22,24] [--startup-only] [--compare NAME=BIN ...] [--snapshot]
//   --compare adds another build's bin/tripctl to the start-up rounds (a checkout of an earlier
//   commit, or a build made without one of its measures): before and after in one run.
//   --snapshot adds what a V8 start-up snapshot would buy on Node 24 (snapshot.mjs).
import { resolve } from 'node:path';
import { benchStartup } from './startup.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const bins = [{ name: 'tripctl', path: resolve(import.meta.dirname, '../../bin/tripctl') }];
args.forEach((value, index) => {
  if (value !== '--compare') return;
  const [name, path] = args[index + 1].split('=');
  bins.push({ name, path: resolve(path) });
});

const startupMet = await benchStartup({
  runs: Number(arg('--runs', '25')),
  majors: arg('--nodes', '20,22,24').split(',').map(Number),
  bins,
  alsoWith: args.includes('--snapshot')
    ? async (configDir) => (await import('./snapshot.mjs')).benchSnapshot({ runs: Number(arg('--runs', '25')), configDir })
    : undefined,
});
// Benchmarks report; they do not fail a build (timing is not a test), but say so in the exit code
// for whoever runs them by hand.
process.exitCode = startupMet ? 0 : 3;
if (!args.includes('--startup-only')) {
  // The webhook listener's throughput (test/bench/listen.mjs).
  console.log('');
  const { benchListen } = await import('./listen.mjs');
  if (!(await benchListen())) process.exitCode = 3;

  // Downloads against curl, and --all walks' peak memory at two sizes (test/bench/streams.mjs).
  console.log('');
  const { benchStreams } = await import('./streams.mjs');
  if (!(await benchStreams())) process.exitCode = 3;
}
