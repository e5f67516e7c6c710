// The one name the verb's registration (index.ts) and the server (serve.ts, run-verb.ts) share,
// in a file of its own so that neither side imports the other.
import type { Context } from '../../context.js';

/** How a tool call runs a verb: cli.ts's main(), handed down by the registration. */
export type RunCommand = (argv: string[], ctx: Context) => Promise<number>;
