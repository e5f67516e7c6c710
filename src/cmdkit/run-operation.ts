// The one runner behind every data-described verb: path ids checked, flags parsed (asking on a
// terminal for what is missing), the request sent, the answer rendered with the resource's spec
// or, for a file (an invoice, a report export), saved the way every file is (save-download.ts).
// Longer than most files, on purpose: it is the one path every data-described verb takes, kept
// whole so that no verb can step around a check (ids, the fare guard, the review, partial lists).
import { newIdempotencyKey } from '../client/idempotency.js';
import { listFrom, paginate } from '../client/paginate.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { namesAny } from '../output/choose-columns.js';
import { checkWith } from './check-with.js';
import { confirmDestructive } from './confirm.js';
import { byDays, daysAsked } from './day-filter.js';
import type { Validate } from '../input/prompter.js';
import { promptReason } from '../input/reason.js';
import { Resolver } from '../input/resolve.js';
import { uuidOf } from '../input/validate.js';
import { idFromStart, idOf } from './ids.js';
import type { ActionFn } from './define.js';
import { review, reviewRows } from './review.js';
import { fieldsFrom, paramsFrom } from './flags.js';
import {
  attributeOf,
  escapedFields,
  flagName,
  parseFlagText,
  type FieldFlag,
  type Operation,
  type OperationOptions,
  type ParseTools,
} from './operation-spec.js';

/**
 * Fills `{name}` placeholders with the positional arguments. Each must be a UUID — so no path
 * can be smuggled into another call — unless the operation can resolve a handle (a plate) first.
 */
export async function fillPath(ctx: Context, op: Operation, args: string[]): Promise<string> {
  return (await pathWithValues(ctx, op, args)).path;
}

/** fillPath, with the value of each placeholder (a file's name is made of them). */
/**
 * The path with each argument resolved (a start of an id, a ticket's code, a handle: the id it
 * stands for), and the arguments so resolved: what a confirmation, the passengers it names and the
 * final message are given, so that `trips cancel 077fa547` asks about, and says it cancelled, the
 * trip itself (they were given the typed start, and looked it up as if it were the id).
 */
async function pathWithValues(
  ctx: Context,
  op: Operation,
  args: string[],
): Promise<{ path: string; params: Record<string, string>; resolved: string[] }> {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const values: string[] = [];
  for (const [index, name] of names.entries()) {
    const value = args[index];
    if (value === undefined) throw usageError(`missing ${name}`);
    const resolve = op.argHandles?.[name];
    // An argument is resolved within those before it: a schedule's exception among its exceptions.
    const within = Object.fromEntries(names.slice(0, index).map((earlier, i) => [earlier, values[i]!]));
    values.push(await pathValue(ctx, name, value, resolve, within));
  }
  let index = 0;
  const path = op.path.replace(/\{(\w+)\}/g, () => values[index++]!);
  return {
    path,
    params: Object.fromEntries(names.map((name, i) => [name, values[i]!])),
    resolved: [...values, ...args.slice(names.length)],
  };
}

/**
 * A path argument: a UUID, the start of one or a ticket's code (ids.ts), or the verb's own handle
 * (a vehicle by plate). A start of an id is tried first; one that matches no id may still be a
 * handle (a plate of eight digits).
 */
async function pathValue(
  ctx: Context,
  name: string,
  value: string,
  resolve: ((value: string, tools: ParseTools) => Promise<string>) | undefined,
  within: Record<string, string>,
): Promise<string> {
  if (uuidOf(value) !== undefined || !resolve) return idOf(ctx, name, value, name, within);
  return (await idFromStart(ctx, name, value, name, within)) ?? resolve(value, toolsFor(ctx));
}

const resolvers = new WeakMap<Context, Resolver>();

export function toolsFor(ctx: Context): ParseTools {
  let resolver = resolvers.get(ctx);
  if (!resolver) resolvers.set(ctx, (resolver = new Resolver(() => ctx.client())));
  // Read when a parser or a view uses it: the context names the system's zone then, not before.
  return {
    ctx,
    resolver,
    get timeZone() {
      return ctx.timeZone();
    },
  };
}

/**
 * Turns flags into body and query fields. Missing required flags are asked for on a terminal;
 * without one they are all named in a single usage error, before any request.
 */
export async function fieldsFromFlags(
  ctx: Context,
  op: Operation,
  opts: Record<string, unknown>,
): Promise<{ body: Record<string, unknown>; query: Record<string, unknown>; asked: boolean }> {
  const tools = toolsFor(ctx);
  const flags = op.flags ?? [];
  // Required, or called for by the answers so far (weekdays for a weekly recurrence).
  const needed = (flag: FieldFlag) => flag.required === true || flag.askWhen?.(opts) === true;
  // A field given under the service's own name (`-F pricePerSeat=1800000`) is given.
  const escaped = fieldsFrom(opts as { field?: string[]; rawField?: string[] });
  const checkedEscapes = await escapedFields(flags, opts, tools);
  const given = (flag: FieldFlag) => opts[attributeOf(flag.flags)] !== undefined || flag.field in escaped;
  const missing = flags.filter((flag) => needed(flag) && !given(flag));
  let asked = false;
  if (missing.length) {
    if (!ctx.canPrompt) {
      throw usageError(
        `missing ${missing.map((flag) => flag.flags.split(' ')[0]).join(', ')}`,
        'pass them as flags (run on a terminal to be asked instead)',
      );
    }
    for (const flag of flags) {
      const key = attributeOf(flag.flags);
      if (given(flag)) continue;
      if (needed(flag)) opts[key] = await ask(tools, flag, opts);
      else if (flag.offer) opts[key] = await flag.ask?.(tools, opts, promptCheck(tools, flag, false));
    }
    asked = true;
  }
  let body: Record<string, unknown> = { ...op.fixedBody };
  const query: Record<string, unknown> = {};
  const defaultTarget = op.method === 'GET' || op.method === 'DELETE' ? 'query' : 'body';
  const parseInto = async (flag: FieldFlag) => {
    const value = opts[attributeOf(flag.flags)];
    if (value === undefined) return;
    // Switches (`--skip`) arrive as true; their parser turns them into the field's value.
    const parsed =
      typeof value === 'string'
        ? await parseFlagText(flag, value, tools)
        : flag.parse && typeof value === 'boolean'
          ? await flag.parse(String(value), tools)
          : value;
    if (parsed === undefined) return;
    const target = (flag.in ?? defaultTarget) === 'body' ? body : query;
    target[flag.field] = parsed;
  };
  // Local checks first, then the cross-flag check, and only then look-ups at the service.
  for (const flag of flags) if (!flag.lookup) await parseInto(flag);
  const pending = Object.fromEntries(
    flags.filter((f) => f.lookup && opts[attributeOf(f.flags)] !== undefined).map((f) => [f.field, opts[attributeOf(f.flags)]]),
  );
  op.check?.({ ...pending, ...query, ...body });
  body = { ...fieldsFrom(opts as { field?: string[]; rawField?: string[] }, body), ...checkedEscapes };
  for (const flag of flags) if (flag.lookup) await parseInto(flag);
  return { body, query, asked };
}

async function ask(tools: ParseTools, flag: FieldFlag, sofar: Record<string, unknown>): Promise<string> {
  const name = flagName(flag);
  const validate = promptCheck(tools, flag, true);
  const question = `${flag.description.charAt(0).toUpperCase()}${flag.description.slice(1)}:`;
  const answer = flag.ask
    ? await flag.ask(tools, sofar, validate)
    : flag.choices
      ? await (await tools.ctx.prompter()).select(
          question,
          flag.choices.map((value) => ({ name: value, value })),
        )
      : await (await tools.ctx.prompter()).input(question, { validate });
  if (answer === undefined || answer === '') throw usageError(`missing ${name}`);
  return answer.trim();
}

/**
 * The flag's own parser as a prompt check, so a prompt refuses exactly what the flag refuses, at
 * the question, and the person answers again without losing what they typed before. Flags that
 * look the value up are checked by their choices instead (a picked vehicle exists).
 */
export function promptCheck(tools: ParseTools, flag: FieldFlag, required: boolean): Validate {
  return async (text) => {
    const value = text.trim();
    if (value === '') return required ? 'An answer is needed' : true;
    if (!(flag.parse || flag.choices) || flag.lookup) return true;
    try {
      await parseFlagText(flag, value, tools);
      return true;
    } catch (error) {
      return promptReason(error);
    }
  };
}

export function runnerFor(op: Operation): ActionFn<OperationOptions> {
  return async (ctx, { args, opts, command }) => {
    // Local days are read before anything is looked up, so a bad one costs no request.
    const days = op.dayFilter ? daysAsked(ctx, opts) : undefined;
    const { path, params, resolved } = await pathWithValues(ctx, op, args);
    const { body, query, asked } = await fieldsFromFlags(ctx, op, opts);
    Object.assign(query, paramsFrom(opts));
    if (op.positional !== undefined) {
      const text = args[[...op.path.matchAll(/\{\w+\}/g)].length];
      if (text !== undefined && text !== '')
        (op.positional.in === 'body' ? body : query)[op.positional.field] = op.positional.parse ? op.positional.parse(text) : text;
    }
    const sendsBody = op.method === 'POST' || op.method === 'PATCH' || op.method === 'PUT';
    if (op.fareGuard && typeof body.pricePerSeat === 'number' && opts.fareOk !== true) {
      const { guardFares, routeOf } = await import('./fare-guard.js');
      const route = await routeOf(ctx, body, op.method === 'POST' ? undefined : path);
      await guardFares(ctx, toolsFor(ctx), [{ where: 'the fare', fare: body.pricePerSeat, ...route }], false);
    }
    // What the service would refuse is said before anyone is asked to confirm it.
    if (op.precheck && ctx.confirmWrites) await op.precheck(body, toolsFor(ctx));
    // Every write that asked anything ends in the same review before it is sent.
    if (asked && (op.reviewWhenAsked ?? sendsBody)) await review(ctx, toolsFor(ctx), op, body);
    const confirm = op.confirm;
    // Who the write affects, read once before it is sent: for the question, and for an assistant's answer.
    let affected: Promise<Array<[string, string]>> | undefined;
    const affectedNow = () => (affected ??= op.affected ? op.affected(resolved, toolsFor(ctx)) : Promise.resolve([]));
    if (confirm) await confirmDestructive(ctx, () => confirm(resolved, toolsFor(ctx)), affectedNow);
    if (ctx.records) await affectedNow();
    // A person confirming elsewhere (an assistant's client) is shown every value that will be
    // sent as the review shows it; the client's own question before the request is then this one.
    if (sendsBody && ctx.confirmWrites && ctx.beforeWrite) {
      const rows = await reviewRows(toolsFor(ctx), op, body);
      // A fare the guard did not hold because the operator (or assistant) said it is meant: the
      // person is told how far it is from the usual fare before saying yes.
      if (op.fareGuard && typeof body.pricePerSeat === 'number' && opts.fareOk === true) {
        const { fareDistance, routeOf } = await import('./fare-guard.js');
        const route = await routeOf(ctx, body, op.method === 'POST' ? undefined : path);
        const distance = await fareDistance(ctx, toolsFor(ctx), { where: 'the fare', fare: body.pricePerSeat, ...route });
        if (distance) rows.push(['fare', distance]);
      }
      await ctx.beforeWrite(undefined, rows);
    }
    const result = op.result ?? { kind: 'object' };
    if (result.kind === 'file') {
      const { fileStamp, saveDownload } = await import('./save-download.js');
      const values = { params, query, stamp: fileStamp(ctx.now()) };
      await saveDownload(
        ctx,
        { method: op.method, path, query: query as never, auth: op.auth, fromRoot: op.fromRoot },
        {
          file: opts.file as string | undefined,
          force: opts.force === true,
          fallbackName: result.name(values),
          label: result.label(values),
          bom: result.csv?.(values) ?? false,
        },
      );
      return;
    }
    const client = await ctx.client();
    if (result.kind === 'list' && result.paged && op.dayFilter && days !== undefined) {
      await ctx.renderer().list([await byDays(ctx, client, path, result.key, query, op.dayFilter.field, opts, days)], op.resource);
      return;
    }
    if (result.kind === 'list' && result.paged) {
      // The first page of a longer list, asked for by nobody (no --all, --limit or --page): the
      // renderer says how many of how many it showed, and names --all.
      const unasked = opts.all !== true && opts.limit === undefined && opts.page === undefined;
      let total: number | undefined;
      const details = op.details && namesAny(op.resource, ctx.globals.columns, op.details.columns) ? op.details : undefined;
      const pages = (async function* () {
        for await (const page of paginate(client, path, result.key, query as never, opts, (message) => ctx.warn(message))) {
          // An assistant's records always say the whole list's size (records.ts), whatever page this is.
          if (ctx.records || (unasked && page.meta.lastPage > page.meta.page)) total = page.meta.total;
          await details?.fill(ctx, page.items);
          yield page.items;
        }
      })();
      await ctx.renderer().list(pages, op.resource, { total: () => total });
      return;
    }
    const idempotencyKey = op.idempotent ? ((opts.idempotencyKey as string | undefined) ?? newIdempotencyKey()) : undefined;
    const { data, already } = await client.request({
      method: op.method,
      path,
      query: query as never,
      // An operation that takes no body (toggle, complete, test) sends none, not `{}`.
      body: sendsBody && Object.keys(body).length > 0 ? body : undefined,
      expect:
        result.kind === 'none'
          ? undefined
          : result.kind === 'list'
            ? { kind: 'list', key: result.key }
            : { kind: 'object', key: result.key },
      auth: op.auth,
      fromRoot: op.fromRoot,
      idempotencyKey,
      // A status change lands the same way twice; GET, DELETE and a write with an Idempotency-Key
      // are the client's own rule (client/repeat.ts). Other writes are sent once.
      retrySafe: op.method === 'PATCH' && 'status' in body ? true : undefined,
      checkWith: checkWith(command, path),
      reached: op.reached,
    });
    // Refused as a re-run (`trips cancel ID` twice): the object already was as asked, exit 0.
    const done = (message: string) => (already ? `${message.replace(/\.$/, '')} already: ${already}; nothing changed.` : message);
    if (already && result.kind !== 'none') ctx.info(done('Done'));
    if (result.kind === 'none' && ctx.records) {
      // An assistant reads what was done in words, the object as a record, and who it affected.
      const rows = (await affected) ?? [];
      await ctx.renderer().object(data !== null && typeof data === 'object' ? unwrap(data) : {}, op.resource, {
        done: done(result.message(resolved)),
        ...(rows.length ? { affected: rows.map(([label, text]) => `${label}: ${text}`) } : {}),
      });
    } else if (result.kind === 'none') {
      if (data !== null && typeof data === 'object' && ctx.dataOutput) {
        await ctx.renderer().object(unwrap(data));
      }
      ctx.info(done(result.message(resolved)));
    } else if (result.kind === 'list') {
      let items = listFrom(data, result.key);
      if (opts.limit !== undefined) items = items.slice(0, opts.limit);
      await ctx.renderer().list([items], op.resource);
    } else {
      await ctx.renderer().object(unwrap(data, result.key), op.resource);
    }
  };
}

/** `{company: {...}}` → `{...}`: the object inside a one-key envelope. */
export function unwrap(data: unknown, key?: string): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  if (key !== undefined) return key in record ? record[key] : data;
  const keys = Object.keys(record).filter((k) => k !== 'meta');
  return keys.length === 1 ? record[keys[0] as string] : data;
}
