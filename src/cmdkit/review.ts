// The review before a write is sent: every value as a person reads it, in the verb's order. The
// runner shows it on a terminal (and an assistant's client, as its question); imports list the
// same rows in a dry run.
import type { Context } from '../context.js';
import { sanitizeLine } from '../output/sanitize.js';
import { proceedOrCancel } from './confirm.js';
import { flagName, type FieldFlag, type Operation, type ParseTools } from './operation-spec.js';

/**
 * Shows every value of the request, in the order the verb asks for them, as a person reads them
 * (a plate beside a vehicle id, pounds beside minor units), then asks before sending.
 */
export async function review(ctx: Context, tools: ParseTools, op: Operation, body: Record<string, unknown>): Promise<void> {
  const rows = await reviewRows(tools, op, body);
  const width = Math.max(...rows.map(([label]) => label.length));
  ctx.info(['About to send:', ...rows.map(([label, text]) => `  ${label.padEnd(width)}  ${sanitizeLine(text)}`)].join('\n'));
  // On a protected profile this is the one question, naming the profile and the company.
  if (ctx.beforeWrite) return ctx.beforeWrite('send this?');
  await proceedOrCancel(ctx, 'Send this?', true);
}

/** The review's rows: the verb's fields as describeFields reads them, then what the verb adds (a booking's fare). */
export async function reviewRows(tools: ParseTools, op: Operation, body: Record<string, unknown>): Promise<Array<[string, string]>> {
  return [...(await describeFields(tools, op.flags ?? [], body)), ...((await op.reviewExtras?.(body, tools)) ?? [])];
}

/**
 * Every value of a request as a person reads it, labelled by its flag, in the verb's order (a
 * plate beside a vehicle id, `18,000.50 SYP (1800050 minor units)` for a price): the review before
 * sending and the lines of an import's dry run. `offline` keeps only the values a flag shows its
 * own way without asking the service (a dry run reaches nothing).
 */
export async function describeFields(
  tools: ParseTools,
  flags: readonly FieldFlag[],
  body: Record<string, unknown>,
  offline = false,
): Promise<Array<[string, string]>> {
  const rows: Array<[string, string]> = [];
  const shown = new Set<string>();
  for (const flag of flags) {
    if (!(flag.field in body) || shown.has(flag.field)) continue;
    shown.add(flag.field);
    if (offline && (!flag.show || flag.showCalls)) continue;
    const value = body[flag.field];
    let text = plain(value);
    // A look-up for the review is a courtesy: when it fails, the value itself is shown.
    if (flag.show) text = await Promise.resolve(flag.show(value, tools)).catch(() => text);
    rows.push([flagName(flag).replace(/^--/, ''), text]);
  }
  if (!offline) for (const [key, value] of Object.entries(body)) if (!shown.has(key)) rows.push([key, plain(value)]);
  return rows;
}

function plain(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
