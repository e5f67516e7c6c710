// Sending the rows of a checked file: each row's plan (new, unchanged, differs; import-plan.ts),
// the fare guard over the fares about to be sent, a dry run or the review, then the requests
// through the bulk engine, one line per row, and the summary.
import type { Context } from '../context.js';
import { ExitCode } from '../errors.js';
import { toJson } from '../output/sanitize.js';
import { Held, runBulk } from './bulk.js';
import { proceedOrCancel } from './confirm.js';
import { guardFares, type FareToSend } from './fare-guard.js';
import { changeBody, dryRunLine, planCounts, planRows, reportUnlisted, type RowPlan } from './import-plan.js';
import type { ImportOptions, ImportRow, ImportVerb } from './import-verb.js';
import { describeFields } from './review.js';
import { toolsFor, unwrap } from './run-operation.js';

export async function sendRows(ctx: Context, verb: ImportVerb, opts: ImportOptions, rows: ImportRow[], source: string): Promise<number> {
  const tools = toolsFor(ctx);
  const found = (await verb.existing?.(ctx, rows)) ?? { matches: new Map() };
  const plans = await planRows(
    tools,
    verb.flags,
    verb.identity ?? [],
    rows.map((row) => row.body),
    found,
    opts.dryRun === true,
  );
  const update = opts.update === true;
  const changes = plans.filter((plan) => plan.kind === 'differs').length;
  const toCreate = plans.filter((plan) => plan.kind === 'new').length;
  const toSend = toCreate + (update ? changes : 0);
  if (verb.fareGuard) await guardFares(ctx, tools, faresToSend(rows, plans, update, source), opts.fareOk === true);
  const what = `${verb.resultKey}s`;
  if (opts.dryRun) {
    for (const [index, row] of rows.entries()) {
      const plan = plans[index]!;
      if (plan.kind !== 'new') {
        dryRunLine(ctx, row.line, plan, { allowed: update, path: verb.update?.path, none: verb.noUpdate });
        continue;
      }
      ctx.io.out(
        `${toJson({ line: row.line, method: verb.method, path: verb.path, ...(row.idempotencyKey ? { idempotencyKey: row.idempotencyKey } : {}), body: row.body })}\n`,
      );
      // Beside the request as sent, what a person checks it against: the price in the
      // currency's units and in minor units, the plate, the cities, the local departure.
      const shown = await describeFields(tools, verb.flags, row.body, true);
      if (shown.length) ctx.info(`line ${row.line}: new: ${shown.map(([label, text]) => `${label} ${text}`).join(' · ')}`);
    }
    reportUnlisted(ctx, found, source, verb.resultKey);
    ctx.info(`dry run: ${planCounts(plans)}; ${toSend} of ${rows.length} rows would be sent; nothing was sent`);
    if (changes && verb.noUpdate) ctx.info(verb.noUpdate);
    return changes && !update ? ExitCode.differs : 0;
  }
  reportUnlisted(ctx, found, source, verb.resultKey);
  if (toSend > 0) {
    const rowsText = `send ${toSend} row${toSend === 1 ? '' : 's'} of ${source}`;
    const question = update && changes ? `${rowsText} (${toCreate} new, ${changes} changed)` : `${rowsText} (${verb.method} ${verb.path})`;
    // Changes to what is published are reviewed on a terminal first: the plan, then the apply.
    if (update && changes > 0 && ctx.canPrompt && !ctx.settings().yes) {
      ctx.info(`${source}: ${planCounts(plans)}`);
      for (const [index, plan] of plans.entries()) if (plan.kind === 'differs') ctx.info(`  line ${rows[index]!.line}: ${plan.text}`);
      if (ctx.beforeWrite) await ctx.beforeWrite(question);
      else {
        const count = (n: number) => `${n} ${verb.resultKey}${n === 1 ? '' : 's'}`;
        const question = toCreate ? `Create ${count(toCreate)} and change ${changes}?` : `Change ${count(changes)}?`;
        await proceedOrCancel(ctx, question, true);
      }
    } else await ctx.beforeWrite?.(question);
  }
  const client = await ctx.client();
  const tally = { created: 0, updated: 0, unchanged: 0, differs: 0, replayed: 0, exists: 0 };
  const code = await runBulk(
    ctx,
    rows.map(() => '-'),
    {
      done: 'imported',
      concurrency: opts.concurrency ?? 8,
      lines: rows.map((row) => row.line),
      act: async (_, index) => {
        const plan = plans[index]!;
        if (plan.kind === 'exists' || plan.kind === 'unchanged') {
          tally[plan.kind] += 1;
          return { id: plan.match.id, outcome: plan.kind, status: plan.match.status };
        }
        if (plan.kind === 'differs') {
          if (!update || !verb.update) {
            tally.differs += 1;
            return new Held(plan.match.id, 'differs', plan.text, ExitCode.differs, { outcome: 'differs', differences: plan.differences });
          }
          const { data } = await client.request({
            method: 'PATCH',
            path: verb.update.path(plan.match.id),
            body: changeBody(plan),
            expect: { kind: 'object', key: verb.resultKey },
          });
          tally.updated += 1;
          return { id: plan.match.id, outcome: 'updated', changes: plan.text, [verb.resultKey]: unwrap(data, verb.resultKey) };
        }
        const row = rows[index]!;
        const { data, headers } = await client.request({
          method: verb.method,
          path: verb.path,
          body: row.body,
          idempotencyKey: row.idempotencyKey,
          expect: { kind: 'object', key: verb.resultKey },
        });
        const object = unwrap(data, verb.resultKey) as { id?: unknown };
        // The sandbox (and services like it) mark an answer replayed for a repeated key.
        const replayed = String(headers['idempotent-replayed'] ?? '') === 'true';
        tally[replayed ? 'replayed' : 'created'] += 1;
        return {
          id: typeof object?.id === 'string' ? object.id : '-',
          outcome: replayed ? 'replayed' : 'created',
          [verb.resultKey]: object,
        };
      },
      describe: (result) => {
        const { outcome, changes: text } = result as { outcome: string; changes?: string };
        return text ? `${outcome}: ${text}` : outcome;
      },
      idOf: (result) => (result as { id: string }).id,
    },
  );
  const parts = [
    `${tally.created} created`,
    tally.updated ? `${tally.updated} updated` : '',
    tally.unchanged ? `${tally.unchanged} unchanged` : '',
    tally.differs ? `${tally.differs} differ${tally.differs === 1 ? 's' : ''}` : '',
    tally.replayed ? `${tally.replayed} already sent before (replayed)` : '',
    tally.exists ? `${tally.exists} already existed (not published)` : '',
  ];
  ctx.info(parts.filter(Boolean).join(', '));
  if (tally.differs) {
    const rowsDiffer = `${tally.differs} row${tally.differs === 1 ? '' : 's'} of ${source} differ${tally.differs === 1 ? 's' : ''}`;
    const unsent = `${tally.differs === 1 ? 'was' : 'were'} not sent`;
    ctx.info(
      verb.noUpdate
        ? `${rowsDiffer} from the ${tally.differs === 1 ? `${verb.resultKey} it matches` : `${what} they match`} and ${unsent}; ${verb.noUpdate}`
        : `${rowsDiffer} from the published ${what} and ${unsent}; run again with --update to send the changes`,
    );
  }
  return code;
}

/** The fares a run would send: those of new rows, and changed fares when --update sends them. */
function faresToSend(rows: ImportRow[], plans: RowPlan[], update: boolean, source: string): FareToSend[] {
  const fares: FareToSend[] = [];
  for (const [index, row] of rows.entries()) {
    const plan = plans[index]!;
    const fare = row.body.pricePerSeat;
    if (typeof fare !== 'number') continue;
    const where = `${source}: line ${row.line}: price`;
    const cityOf = (field: string) => {
      const value = row.body[field] ?? (plan.kind === 'differs' ? plan.match.current?.[field] : undefined);
      return typeof value === 'string' ? value : undefined;
    };
    const sent = plan.kind === 'new' || (update && plan.kind === 'differs' && plan.differences.some((d) => d.field === 'pricePerSeat'));
    if (sent) fares.push({ where, fare, from: cityOf('fromCityId'), to: cityOf('toCityId') });
  }
  return fares;
}
