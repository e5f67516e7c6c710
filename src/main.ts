// The entry point: the only module that touches process. It builds the context from the real
// streams and environment, runs the command, and turns the result into the exit code.
import { setMaxListeners } from 'node:events';
import { main } from './cli.js';
import { reportError, reportReaderGone, reportWriteError } from './report.js';
import { Context } from './context.js';
import { IO } from './io.js';

const controller = new AbortController();
// Every request in flight (up to --concurrency 32 in bulk actions) and every wait between retries
// listens to this one signal; Node's leak warning at 10 listeners would be printed to the user.
setMaxListeners(0, controller.signal);
/**
 * A stop sent twice at once is one stop: GNU timeout (`timeout -s INT 5 tripctl …`) signals the
 * command and then its whole process group, so a busy machine can hand the command the same SIGINT
 * twice, a few milliseconds apart, and a listener's clean-up (deleting its temporary endpoint) was
 * cut short with exit 130. A person's second Ctrl-C comes later than this.
 */
const SAME_STOP_MS = 250;
let firstStop: number | undefined;
const onSignal = () => {
  const now = performance.now();
  if (firstStop === undefined) {
    firstStop = now;
    controller.abort();
    return;
  }
  // A second Ctrl-C means "now": whatever clean-up the first one started is abandoned, and said so
  // (a listener's temporary endpoint or kept secret may remain; a file being saved is not complete).
  if (now - firstStop >= SAME_STOP_MS) {
    try {
      process.stderr.write('tripctl: stopped at once (a second interrupt): the clean-up the first one began was abandoned\n');
    } catch {
      // A terminal that is gone: nothing to say it on.
    }
    process.exit(130);
  }
};
// A closed terminal or SSH session (SIGHUP) is a stop from outside like SIGTERM: the same clean-up
// (no .part file, no temporary endpoint), the same per-id lines and summary, the same exit code.
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGHUP', onSignal);
// tripctl honours NO_COLOR over FORCE_COLOR; Node would warn that it ignores NO_COLOR the first
// time it looks at colours (any warning printed on a terminal does), about a choice tripctl made.
if (process.env.FORCE_COLOR !== undefined && process.env.NO_COLOR) delete process.env.FORCE_COLOR;

// stderr is built when first asked for: most runs from scripts write nothing there, and a piped
// stderr is a socket of its own at start. After a hang-up the terminal may be gone: a report that
// cannot be written is no reason to crash before the clean-up is done, so whoever asks first —
// tripctl, or Node itself for a warning — gets the stream with that guard on.
const nodeStderr = Object.getOwnPropertyDescriptor(process, 'stderr');
if (nodeStderr?.get && nodeStderr.configurable) {
  let guarded = false;
  Object.defineProperty(process, 'stderr', {
    ...nodeStderr,
    get() {
      const stream = nodeStderr.get!.call(process) as NodeJS.WriteStream;
      if (!guarded) stream.on('error', () => undefined);
      guarded = true;
      return stream;
    },
  });
} else process.stderr.on('error', () => undefined);

const io = new IO({
  stdin: () => process.stdin,
  stdout: process.stdout,
  stderr: () => process.stderr,
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: () => process.getBuiltinModule('node:tty').isatty(2),
  columns: process.stdout.columns,
});
// A reader that goes away (`tripctl … | head`) stops the work: a normal end for a read, said
// nothing about; a write verb reports what was and was not sent, and ends with 130 (cli.ts). A
// stdout that cannot be written at all (a full disk) stops it too: an `--all` walk went on asking
// for every page of a result nobody could keep (it ends 1 with one line, cli.ts reportWriteError).
process.stdout.on('error', () => controller.abort());

const ctx = new Context({ io, env: process.env, cwd: process.cwd(), signal: controller.signal });
// No top-level await: the bundle is CommonJS, for the code cache (see launch.ts).
void main(process.argv.slice(2), ctx)
  .catch((error: unknown) => reportError(ctx, error))
  .then(async (result) => {
    // Only once every byte has left: a pipe is asynchronous, and exiting earlier cuts output short.
    // A stdout that fails (a full disk) says so only then, so its failure is known before the code.
    await io.flush();
    let code = result;
    if (io.stdoutClosed) code = reportReaderGone(ctx, code);
    else if (io.writeError) code = reportWriteError(ctx);
    process.exitCode = code;
    await io.flush();
    // Keep-alive sockets and stdin listeners must not hold the process open once the answer is out.
    if (!ctx.keepAlive) process.exit(code);
  });
