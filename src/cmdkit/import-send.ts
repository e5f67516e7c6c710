// Sending the rows of a checked file: each row's plan (new, unchanged, differs — a trip moved is one
// that differs in its departure —, cancelled, not paired; import-plan.ts), the passengers under
// what changes, the fare guard over the fares about to be sent, a dry run or the review, then the
// requests through the bulk engine, --prune (import-prune.ts), and the summary. What a person reads
// from cron is the changes and one line for the rest: unchanged rows are counted, not listed,
// unless --verbose (or JSON, where every row is a record for a program).
import type { Context } from '../context.js';
import { ExitCode, mostSevere } from '../errors.js';
import { toJson } from '../output/sanitize.js';
import { passengersOf, type Passenger } from './booking-details.js';
import { Held, runBulk } from './bulk.js';
import { bulkReport, type BulkReport } from './bulk-output.js';
import { proceedOrCancel } from './confirm.js';
import { guardFares, type FareToSend } from './fare-guard.js';
import { changeBody, dryRunLine, type Found, heldText, planCounts, planRows, reportUnlisted, type RowPlan } from './import-plan.js';
import { managedPath, readManaged, writeManaged } from './import-managed.js';
import { askBookedPrunes, passengersText, pruneUnlisted } from './import-prune.js';
import type { ImportOptions, ImportRow, ImportVerb } from './import-verb.js';
import { describeFields } from './review.js';
import { toolsFor, unwrap } from './run-operation.js';

/** What a plan holds back from the service, and why: a refused change, a cancelled trip, a guess not made. */
type Holds = Map<number, { label: string; why: string }>;

export async function sendRows(ctx: Context, verb: ImportVerb, opts: ImportOptions, rows: ImportRow[], source: string): Promise<number> {
  const tools = toolsFor(ctx);
  // An `id` column names the object; it is never a field sent.
  for (const row of rows) {
    if (typeof row.body.id === 'string' && row.body.id !== '') row.id ??= row.body.id;
    delete row.body.id;
  }
  // Of the objects no row stands for, those the file's rows stood for before are its removed rows.
  const record = verb.prune ? managedPath(ctx, verb.resultKey, source) : undefined;
  const managed = record ? readManaged(record) : new Set<string>();
  const found: Found = (await verb.existing?.(ctx, rows, managed)) ?? { matches: new Map() };
  const plans = await planRows(
    tools,
    verb.flags,
    verb.identity ?? [],
    rows.map((row) => row.body),
    found,
    opts.dryRun === true,
  );
  const update = opts.update === true;
  const prune = opts.prune === true && verb.prune !== undefined;
  const removed = (found.unlisted ?? []).filter((u) => managed.has(u.id));
  const others = (found.unlisted ?? []).filter((u) => !managed.has(u.id));
  const report = () => reportUnlisted(ctx, { removed, others }, source, verb.resultKey, { pruning: prune, verbose: opts.verbose === true });
  const passengers = await passengersUnder(ctx, verb, plans, prune ? removed.map((u) => u.id) : []);
  const holds = heldBack(verb, plans, passengers);
  const changes = plans.filter((plan, index) => plan.kind === 'differs' && !holds.has(index)).length;
  const toCreate = plans.filter((plan) => plan.kind === 'new').length;
  const toSend = toCreate + (update ? changes : 0);
  const bookedPrunes = prune ? removed.filter((u) => passengers.get(u.id)?.length).length : 0;
  const toCancel = prune ? removed.length - bookedPrunes : 0;
  // What a run leaves not in step: held rows, changes without --update, trips no row stands for.
  const leftOver = holds.size + (update ? 0 : changes) + (prune ? bookedPrunes : removed.length);
  if (verb.fareGuard) await guardFares(ctx, tools, faresToSend(rows, plans, update, source), opts.fareOk === true);
  const tell = (index: number) => {
    const plan = plans[index]!;
    const list = plan.kind === 'differs' && !holds.has(index) ? passengers.get(plan.match.id) : undefined;
    return list?.length ? `  line ${rows[index]!.line}: tell ${passengersText(list)}` : undefined;
  };
  if (opts.dryRun) {
    for (const [index, row] of rows.entries()) {
      const plan = plans[index]!;
      const held = holds.get(index);
      if (held) ctx.info(`line ${row.line}: ${held.label}: ${held.why}`);
      else if (plan.kind !== 'new') {
        if (plan.kind !== 'unchanged' || opts.verbose)
          dryRunLine(ctx, row.line, plan, { allowed: update, path: verb.update?.path, none: verb.noUpdate });
        const told = tell(index);
        if (told) ctx.info(told);
      } else {
        ctx.io.out(
          `${toJson({ line: row.line, method: verb.method, path: verb.path, ...(row.idempotencyKey ? { idempotencyKey: row.idempotencyKey } : {}), body: row.body })}\n`,
        );
        // Beside the request as sent, what a person checks it against: the price in the
        // currency's units and in minor units, the plate, the cities, the local departure.
        const shown = await describeFields(tools, verb.flags, row.body, true);
        if (shown.length) ctx.info(`line ${row.line}: new: ${shown.map(([label, text]) => `${label} ${text}`).join(' · ')}`);
      }
    }
    report();
    const cancels = toCancel ? `, ${toCancel} ${verb.resultKey}${toCancel === 1 ? '' : 's'} cancelled` : '';
    ctx.info(`dry run: ${planCounts(plans)}; ${toSend} of ${rows.length} rows would be sent${cancels}; nothing was sent`);
    if (changes && verb.noUpdate) ctx.info(verb.noUpdate);
    // The code the run itself would end with.
    return runCode(leftOver > 0 ? ExitCode.differs : 0, toSend + toCancel);
  }
  report();
  let agreed = new Set<string>();
  if (toSend > 0 || toCancel > 0 || bookedPrunes > 0) {
    const count = (n: number) => `${n} ${verb.resultKey}${n === 1 ? '' : 's'}`;
    const parts = [
      toCreate ? `create ${count(toCreate)}` : '',
      update && changes ? `change ${count(changes)}` : '',
      toCancel ? `cancel ${count(toCancel)}` : '',
    ];
    const asked = parts.filter(Boolean).join(', ');
    // Changes to what is published are reviewed on a terminal first: the plan, then the apply.
    if ((update && changes > 0) || toCancel > 0 || bookedPrunes > 0) {
      if (ctx.canPrompt && !ctx.settings().yes) {
        ctx.info(`${source}: ${planCounts(plans)}`);
        for (const [index, plan] of plans.entries()) {
          if (plan.kind !== 'differs') continue;
          const held = holds.get(index);
          ctx.info(`  line ${rows[index]!.line}: ${held ? `${held.label}: ${held.why}` : plan.text}`);
          const told = tell(index);
          if (told) ctx.info(`  ${told}`);
        }
        if (asked) {
          const question = `${asked.charAt(0).toUpperCase()}${asked.slice(1)}?`;
          if (ctx.beforeWrite) await ctx.beforeWrite(`${question} (${source})`);
          else await proceedOrCancel(ctx, question, true);
        }
      } else {
        await ctx.beforeWrite?.(`${asked || 'send'} (${source})`);
        // Unattended, the passengers to tell are said where the mail shows them.
        if (update) for (const index of plans.keys()) if (tell(index)) ctx.info(tell(index)!.trim());
      }
      if (prune) agreed = await askBookedPrunes(ctx, removed, passengers);
    } else await ctx.beforeWrite?.(`send ${toSend} row${toSend === 1 ? '' : 's'} of ${source} (${verb.method} ${verb.path})`);
  }
  const sent = { created: 0, updated: 0, replayed: 0, cancelled: 0, ids: [] as string[] };
  const listed = rows.map((_, index) => index).filter((index) => listedRow(ctx, opts, plans[index]!));
  // The rows and the trips pruned are one answer: one JSON array, one CSV header.
  const output = bulkReport(ctx);
  const rowsCode = listed.length ? await sendListed(ctx, verb, opts, rows, plans, holds, listed, sent, output) : 0;
  const pruneCode =
    prune && removed.length
      ? await pruneUnlisted(ctx, { ...verb, prune: verb.prune! }, removed, passengers, agreed, opts.concurrency ?? 8, output)
      : undefined;
  await output.end();
  if (pruneCode) sent.cancelled = pruneCode.cancelled.length;
  if (record) {
    // What the file stands for now: its rows' objects, what it created, and removed rows still on sale.
    const gone = new Set(pruneCode?.cancelled ?? []);
    const matched = plans.flatMap((plan) => ('match' in plan ? [plan.match.id] : []));
    writeManaged(ctx, record, [...matched, ...sent.ids, ...removed.map((u) => u.id).filter((id) => !gone.has(id))]);
  }
  const unchanged = plans.filter((plan) => plan.kind === 'unchanged').length;
  const past = plans.filter((plan) => plan.kind === 'exists').length;
  const done = [
    sent.created ? `${sent.created} created` : '',
    sent.updated ? `${sent.updated} updated` : '',
    sent.cancelled ? `${sent.cancelled} cancelled` : '',
    sent.replayed ? `${sent.replayed} already sent before (replayed)` : '',
  ].filter(Boolean);
  const quiet = [unchanged ? `${unchanged} unchanged` : '', past ? `${past} exist${past === 1 ? 's' : ''} (not published)` : ''];
  const summary = [...done, ...quiet].filter(Boolean).join(', ');
  ctx.info(`${source}: ${summary ? `${summary}${done.length ? '' : '; nothing sent'}` : 'nothing sent'}`);
  const unsentChanges = update ? 0 : changes;
  if (unsentChanges) {
    const rowsDiffer = `${unsentChanges} row${unsentChanges === 1 ? '' : 's'} of ${source} differ${unsentChanges === 1 ? 's' : ''}`;
    const unsent = `${unsentChanges === 1 ? 'was' : 'were'} not sent`;
    const what = `${verb.resultKey}s`;
    ctx.info(
      verb.noUpdate
        ? `${rowsDiffer} from the ${unsentChanges === 1 ? `${verb.resultKey} it matches` : `${what} they match`} and ${unsent}; ${verb.noUpdate}`
        : `${rowsDiffer} from the published ${what} and ${unsent}; run again with --update to send the changes`,
    );
  }
  const notPruned = prune ? 0 : removed.length;
  const code = mostSevere([rowsCode, pruneCode?.code ?? 0, notPruned ? ExitCode.differs : 0]);
  return runCode(code, sent.created + sent.updated + sent.cancelled);
}

/** Some rows sent and others held back is its own state (9), apart from nothing sent (8). */
function runCode(code: number, sent: number): number {
  return code === ExitCode.differs && sent > 0 ? ExitCode.partly : code;
}

/** A row's table line is printed unless it asks for nothing (unchanged, or not published): those are counted. A script's format lists every row. */
function listedRow(ctx: Context, opts: ImportOptions, plan: RowPlan): boolean {
  const { output, query } = ctx.settings();
  if (opts.verbose || output !== 'table' || query !== undefined) return true;
  return plan.kind !== 'unchanged' && plan.kind !== 'exists';
}

/**
 * The passengers of the objects a run would change in a way they must hear of or that their
 * bookings forbid (`verb.booked`), and of those --prune would cancel.
 */
async function passengersUnder(ctx: Context, verb: ImportVerb, plans: RowPlan[], pruned: string[]): Promise<Map<string, Passenger[]>> {
  const watched = [...(verb.booked?.fixed ?? []), ...(verb.booked?.tell ?? [])];
  const ids = [
    ...plans.flatMap((plan) => (plan.kind === 'differs' && plan.differences.some((d) => watched.includes(d.field)) ? [plan.match.id] : [])),
    ...pruned,
  ];
  if (ids.length === 0) return new Map();
  return passengersOf(await ctx.client(), ids, (message) => ctx.warn(message));
}

/** Rows held back, with why: a change its passengers' bookings forbid, a cancelled trip, a pairing not made. */
function heldBack(verb: ImportVerb, plans: RowPlan[], passengers: Map<string, Passenger[]>): Holds {
  const holds: Holds = new Map();
  for (const [index, plan] of plans.entries()) {
    if (plan.kind === 'cancelled') holds.set(index, { label: `${verb.resultKey} cancelled`, why: heldText(plan) });
    if (plan.kind === 'unpaired') holds.set(index, { label: 'unpaired', why: heldText(plan) });
    if (plan.kind !== 'differs' || !verb.booked) continue;
    const booked = passengers.get(plan.match.id) ?? [];
    if (booked.length && plan.differences.some((d) => verb.booked!.fixed.includes(d.field)))
      holds.set(index, {
        label: 'refused',
        why: `${plan.text}, under ${booked.length} booked passenger${booked.length === 1 ? '' : 's'}: ${verb.booked.why}`,
      });
  }
  return holds;
}

/** The listed rows through the bulk engine: created, changed (with --update), or held with their reason. */
async function sendListed(
  ctx: Context,
  verb: ImportVerb,
  opts: ImportOptions,
  rows: ImportRow[],
  plans: RowPlan[],
  holds: Holds,
  listed: number[],
  sent: { created: number; updated: number; replayed: number; ids: string[] },
  report: BulkReport,
): Promise<number> {
  const client = await ctx.client();
  const update = opts.update === true;
  return runBulk(
    ctx,
    listed.map(() => '-'),
    {
      done: 'imported',
      report,
      concurrency: opts.concurrency ?? 8,
      lines: listed.map((index) => rows[index]!.line),
      act: async (_, at) => {
        const index = listed[at]!;
        const plan = plans[index]!;
        const held = holds.get(index);
        if (held) {
          const id = plan.kind === 'cancelled' || plan.kind === 'differs' ? plan.match.id : '-';
          return new Held(id, held.label, held.why, ExitCode.differs, { outcome: plan.kind });
        }
        if (plan.kind === 'exists' || plan.kind === 'unchanged')
          return { id: plan.match.id, outcome: plan.kind, status: plan.match.status };
        if (plan.kind === 'differs') {
          if (!update || !verb.update)
            return new Held(plan.match.id, 'differs', plan.text, ExitCode.differs, { outcome: 'differs', differences: plan.differences });
          const { data } = await client.request({
            method: 'PATCH',
            path: verb.update.path(plan.match.id),
            body: changeBody(plan),
            expect: { kind: 'object', key: verb.resultKey },
          });
          sent.updated += 1;
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
        sent[replayed ? 'replayed' : 'created'] += 1;
        if (typeof object?.id === 'string') sent.ids.push(object.id);
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
