import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../errors.js';

/**
 * Destructive commands ask first on a terminal; without one they need --yes, and fail before
 * any request otherwise, so a script never deletes by accident.
 */
export async function confirmDestructive(ctx: Context, question: string | (() => string | Promise<string>)): Promise<void> {
  if (ctx.settings().yes) return;
  // On a protected profile the one question names the profile and the company as well.
  // (The thing is looked up to be named only when a person is there to be asked.)
  if (ctx.beforeWrite) return ctx.beforeWrite(typeof question === 'string' ? question : ctx.canPrompt ? await question() : undefined);
  if (!ctx.canPrompt) throw usageError('this is destructive and needs confirmation', 'pass --yes to confirm without a terminal');
  // Built only now, so a look-up that names the thing costs nothing when nobody is asked.
  const text = typeof question === 'string' ? question : await question();
  const yes = await (await ctx.prompter()).confirm(text, false);
  if (!yes) throw new CliError('cancelled; nothing was changed', ExitCode.interrupted);
}
