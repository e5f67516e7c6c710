import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../errors.js';

/** Rows a question lists above itself: what it is about to change (a trip cancel's passengers). */
export type QuestionRows = ReadonlyArray<readonly [string, string]>;

/**
 * The one question before something is sent — a review's `Send this?`, a destructive command's
 * confirmation, a protected profile's question: yes goes on, no ends the run with nothing sent.
 * `rows`, what the change touches, are listed first, whichever of these asks: a protected
 * profile's question stands in for a verb's own and must name no less.
 * The answer is read strictly (input/yes-no.ts): anything but y, yes, n, no or Enter is asked again.
 */
export async function proceedOrCancel(ctx: Context, question: string, defaultYes: boolean, rows: QuestionRows = []): Promise<void> {
  for (const [label, line] of rows) ctx.info(`  ${label}  ${line}`);
  const yes = await (await ctx.prompter()).confirm(question, defaultYes);
  if (!yes) throw new CliError('cancelled; nothing was sent', ExitCode.interrupted);
}

/**
 * Destructive commands ask first on a terminal; without one they need --yes, and fail before
 * any request otherwise, so a script never deletes by accident.
 */
export async function confirmDestructive(
  ctx: Context,
  question: string | (() => string | Promise<string>),
  details?: () => Promise<QuestionRows>,
): Promise<void> {
  if (ctx.settings().yes) return;
  // On a protected profile the one question names the profile and the company as well.
  // (The thing is looked up to be named only when a person is there to be asked.)
  const asked = ctx.canPrompt || ctx.confirmWrites !== undefined;
  if (ctx.beforeWrite)
    return ctx.beforeWrite(
      typeof question === 'string' ? question : asked ? await question() : undefined,
      asked ? await details?.() : undefined,
    );
  if (!ctx.canPrompt) throw usageError('this is destructive and needs confirmation', 'pass --yes to confirm without a terminal');
  // Built only now, so a look-up that names the thing costs nothing when nobody is asked.
  const text = typeof question === 'string' ? question : await question();
  await proceedOrCancel(ctx, text, false, await details?.());
}
