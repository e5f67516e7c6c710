import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../errors.js';

/**
 * Destructive commands ask first on a terminal; without one they need --yes, and fail before
 * any request otherwise, so a script never deletes by accident.
 */
export async function confirmDestructive(ctx: Context, question: string): Promise<void> {
  if (ctx.settings().yes) return;
  // On a protected profile the one question names the profile and the company as well.
  if (ctx.beforeWrite) return ctx.beforeWrite(question);
  if (!ctx.canPrompt) throw usageError('this is destructive and needs confirmation', 'pass --yes to confirm without a terminal');
  const yes = await (await ctx.prompter()).confirm(question, false);
  if (!yes) throw new CliError('cancelled; nothing was changed', ExitCode.interrupted);
}
