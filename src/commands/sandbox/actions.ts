import { isLoopbackHost } from '../../client/url.js';
import { CliError, ExitCode } from '../../errors.js';
import type { ActionFn } from '../../cmdkit/define.js';

interface SandboxOpts {
  port: number;
  host: string;
  timeScale: number;
  data?: string;
  profile: boolean;
}

export const runSandbox: ActionFn<SandboxOpts> = async (ctx, { opts }) => {
  if (!isLoopbackHost(opts.host)) {
    ctx.warn(`listening on ${opts.host}: the sandbox's keys are printed in the clear; anyone who can reach this address can use them`);
  }
  const { startSandbox } = await import('../../sandbox/index.js');
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox({ port: opts.port, host: opts.host, timeScale: opts.timeScale, dataFile: opts.data });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new CliError(`port ${opts.port} is already in use`, ExitCode.failure, 'pick another with --port, or --port 0 for a free one');
    }
    throw error;
  }
  // The one place a key is printed whole: these are test keys the sandbox has just made.
  ctx.io.out(`base URL      ${sandbox.baseUrl}\nfull key      ${sandbox.keys.full}\nread-only key ${sandbox.keys.readOnly}\n`);
  if (opts.profile) {
    await ctx.config.update((config) => {
      config.profiles.sandbox = { ...config.profiles.sandbox, baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.full };
    });
    ctx.info(`Saved profile 'sandbox': try 'tripctl --profile sandbox company get'. Ctrl-C stops the sandbox.`);
  } else {
    ctx.info('Ctrl-C stops the sandbox.');
  }
  ctx.keepAlive = true;
  // Stopping is how a server is meant to end, so Ctrl-C and SIGTERM end it with 0.
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  ctx.info('Sandbox stopped.');
  ctx.keepAlive = false;
};
