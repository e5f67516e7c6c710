// Opens the inspector for a command (`webhooks listen --inspect`, `webhooks inspect DIR`): starts
// its server on 127.0.0.1, turns a port that cannot be had into one line, and prints the one
// line `Inspector: http://127.0.0.1:PORT/TOKEN/` on stderr.
import type { Context } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import { Inspector, type InspectorOptions } from './server.js';

export { fromSaved } from './entries.js';
export { Inspector } from './server.js';

export async function openInspector(ctx: Context, opts: Omit<InspectorOptions, 'timeZone' | 'now'>): Promise<Inspector> {
  const inspector = new Inspector({ ...opts, timeZone: ctx.timeZone(), now: ctx.now });
  try {
    await inspector.start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CliError(
        `port ${opts.port} on 127.0.0.1 is already in use`,
        ExitCode.failure,
        'pick another with --inspect PORT, or --inspect alone for a free one',
      );
    if (code === 'EACCES') throw new CliError(`not allowed to listen on port ${opts.port}`, ExitCode.failure, 'pick a port above 1023');
    throw error;
  }
  ctx.info(`Inspector: ${inspector.url}`);
  return inspector;
}
