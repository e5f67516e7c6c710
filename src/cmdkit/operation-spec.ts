// What a data-described verb is — its flags, its result, the operation — and how a flag's text is
// read at every door (flag, prompt, CSV cell). The declaration (operation.ts) and the runner
// (run-operation.ts) both import this; neither imports the other's file back.
import { Option } from 'commander';
import type { Method } from '../client/http.js';
import type { PageOptions } from '../client/paginate.js';
import type { QueryValue } from '../client/url.js';
import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../errors.js';
import { choice } from '../input/choices.js';
import { westernDigits } from '../input/digits.js';
import type { Validate } from '../input/prompter.js';
import type { Resolver } from '../input/resolve.js';
import type { ResourceSpec } from '../output/columns.js';
import type { VerbSpec } from './define.js';

/** What a flag's parser may use: the context, lookups by human handle, the time zone. */
export interface ParseTools {
  ctx: Context;
  resolver: Resolver;
  timeZone: string;
}

/** A flag that becomes one body or query field. */
export interface FieldFlag {
  /** Commander syntax, e.g. `--seats <n>` or `--active`. */
  flags: string;
  description: string;
  /** The service's field name, e.g. `totalSeats`. */
  field: string;
  /** Checks and converts the text; may look things up. Without it the text is sent as is. */
  parse?: (value: string, tools: ParseTools) => unknown | Promise<unknown>;
  required?: boolean;
  /**
   * Allowed values, shown in help and completion; every door (flag, prompt, CSV cell) checks them
   * with the one `choice` check (any case, did-you-mean), and a missing one is asked as a list.
   */
  choices?: readonly string[];
  /**
   * Asks for the value on a terminal; returns the flag's text. Defaults to a text question.
   * `validate` is the flag's own parser as a prompt check (an empty answer passes when the flag is
   * optional), so a bad answer is refused at the question with the reason, and asked again.
   */
  ask?: (tools: ParseTools, sofar: Record<string, unknown>, validate: Validate) => Promise<string | undefined>;
  /** Not required, but offered (and skippable) when the verb is asking for what is missing. */
  offer?: boolean;
  /** Asked (when missing) only if the answers so far call for it: weekdays for a weekly recurrence. */
  askWhen?: (sofar: Record<string, unknown>) => boolean;
  /**
   * How a value given under the service's own field name is read (a CSV column `pricePerSeat`):
   * in the service's units. Without it, the field name reads like the flag.
   */
  parseField?: (value: string, tools: ParseTools) => unknown | Promise<unknown>;
  /** How a change of the value reads (`25,000.00 → 26,500.00 SYP`); without it, `show` of each side. */
  change?: (from: unknown, to: unknown, tools: ParseTools) => string | undefined;
  /** How a re-run's plan names a change of this field (`moves 10:00 → 10:30`); without it, the column. */
  changeLabel?: string;
  /** How the review before sending shows the parsed value (a plate for a vehicle id, pounds for a price). */
  show?: (value: unknown, tools: ParseTools) => string | Promise<string>;
  /**
   * `show` asks the service for something parsing did not fetch (a trip's route, a member's
   * name): the review does, a dry run — which reaches nothing — leaves the value out.
   */
  showCalls?: boolean;
  /** Where it goes: the body (default for POST/PATCH) or the query (default for GET). */
  in?: 'body' | 'query';
  /**
   * The parser looks the value up at the service (a city name, a plate). Such flags are parsed
   * after every local check has passed, so a bad value elsewhere fails without a request.
   */
  lookup?: boolean;
  /** Flags (attribute names) that cannot be given together with this one. */
  conflicts?: string[];
}

export type Result =
  | { kind: 'object'; key?: string }
  | { kind: 'list'; key: string; paged?: boolean }
  | { kind: 'none'; message: (args: string[]) => string }
  | FileResult;

/**
 * The answer is a file (an invoice, a report export), saved the one way files are saved
 * (save-download.ts): `--file` a path, a directory or `-`, `--force`, and otherwise the name the
 * service suggests, else `name`.
 */
export interface FileResult {
  kind: 'file';
  /** The file name when the service suggests none: `invoice-ID.pdf`, `bookings-STAMP.csv`. */
  name: (values: FileValues) => string;
  /** What is being fetched, for the spinner and the `Saved …` line: "invoice", "bookings report". */
  label: (values: FileValues) => string;
  /** How `--file`'s help names the default. */
  defaultName?: string;
  /** The file is CSV: on stdout without a byte-order mark (see save-download.ts). */
  csv?: (values: FileValues) => boolean;
}

/** What a file's name and label are made from: the path's ids, the query as sent, the time. */
export interface FileValues {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** `20261123-101500`, UTC, so that names sort across zones. */
  stamp: string;
}

export interface Operation {
  method: Method;
  /** Path with `{name}` placeholders filled from the verb's positional arguments, in order. */
  path: string;
  result?: Result;
  resource?: ResourceSpec;
  flags?: FieldFlag[];
  /** Fixed body fields, e.g. `{status: 'approved'}`. */
  fixedBody?: Record<string, unknown>;
  /** Public endpoints send no key. */
  auth?: boolean;
  /**
   * Destructive: the question asked before the call (needs --yes without a terminal). It may look
   * the thing up to name it (a member by name, phone and role); that costs a request only when a
   * person is actually asked.
   */
  confirm?: (args: string[], tools: ParseTools) => string | Promise<string>;
  /**
   * Who or what the write affects beyond its own object, read before it is sent (a trip's
   * passengers, whose bookings a cancel cancels): one row each, shown under the question and
   * given in an assistant's answer, so the people affected can still be told apart afterwards.
   */
  affected?: (args: string[], tools: ParseTools) => Promise<Array<[string, string]>>;
  /** After questions were asked, show the request and ask before sending (default: for every write). */
  reviewWhenAsked?: boolean;
  /** Path arguments that may be given by a human handle, resolved to the id before the call. */
  argHandles?: Record<string, (value: string, tools: ParseTools) => Promise<string>>;
  /** Lines the review adds after the values sent, as a person reads them (a booking's fare). */
  reviewExtras?: (body: Record<string, unknown>, tools: ParseTools) => Promise<Array<[string, string]>>;
  /**
   * What the service would refuse, checked before a person is asked to confirm the write (free
   * seats for a booking): throws, naming why, so nobody confirms what cannot happen. Run when a
   * person elsewhere confirms each write (an assistant's); scripts get the service's own answer.
   */
  precheck?: (body: Record<string, unknown>, tools: ParseTools) => Promise<void>;
  /** A final check across flags, after parsing (e.g. "--skip or --extra"). */
  check?: (fields: Record<string, unknown>) => void;
  /**
   * Sent with an Idempotency-Key (from --idempotency-key, else a new one), the same on every
   * try, which makes the write safe to retry.
   */
  idempotent?: boolean;
  /** The path is from the server's root rather than under the base URL (the sandbox's admin routes). */
  fromRoot?: boolean;
  /**
   * The state this write leaves the object in, as its GET answers it: a retry refused after a
   * lost answer that finds it so is done, not failed (client/repeat.ts). See `statusIs`.
   */
  reached?: (current: unknown) => boolean;
  /**
   * What a list answer lacks and `--columns` may name (the resource's `named` columns): fetched
   * for each page's items when named, in every output (a booking's passenger, fetched singly).
   */
  details?: { columns: string[]; fill: (ctx: Context, items: unknown[]) => Promise<void> };
  /**
   * A paged list the service orders newest first by this instant field (a trip's `departureAt`):
   * the verb takes `--date`, `--from-date` and `--to-date`, local days, and lists what falls on
   * them soonest first, walking pages only until they are past the first day.
   */
  dayFilter?: { field: string; noun: string };
  /**
   * The verb sends a fare (`pricePerSeat`): it takes --fare-ok, and a fare far from the route's
   * usual one is held (cmdkit/fare-guard.ts) before it is sent.
   */
  fareGuard?: boolean;
  /** The verb's positional argument after the path ids: which field it fills, and how it is checked. */
  positional?: { field: string; in: 'query' | 'body'; parse?: (value: string) => unknown };
}

export type OperationVerb = VerbSpec & Operation;

export type OperationOptions = PageOptions & { param?: string[]; field?: string[]; rawField?: string[] } & Record<string, unknown>;

/** `--vehicle <id|plate>` → `--vehicle`. */
export function flagName(flag: FieldFlag): string {
  return flag.flags.split(/[ ,]/)[0]!;
}

/**
 * A flag's text as the verb sends it, the same at every door (flag, prompt answer, CSV cell):
 * an enumerated value checked against its list, then the flag's own parser. A cell under the
 * service's field name (`pricePerSeat`) is read by `parseField` instead, in the service's units.
 */
export async function parseFlagText(flag: FieldFlag, text: string, tools: ParseTools, byField = false): Promise<unknown> {
  const checked = flag.choices ? choice(flagName(flag), text, flag.choices) : text;
  if (byField && flag.parseField) return flag.parseField(checked, tools);
  return flag.parse ? flag.parse(checked, tools) : checked;
}

/**
 * The body fields given with `-F`/`-f` under a name one of the verb's flags sends, read by that
 * flag's rule: `-F pricePerSeat=…` in minor units by the same reader as a CSV column of that
 * name (`parseField`: a fraction, a negative or an amount past 2^53 is refused, not sent), and a
 * number for a count (`-F seats=…`) by the flag's own parser. A field set both by its flag and by
 * `-F`/`-f` is refused: sending one of them silently is how `--price 12000 -F pricePerSeat=…`
 * published a fare nobody meant. All before any request; the checked values are returned.
 */
export async function escapedFields(
  flags: readonly FieldFlag[],
  opts: Record<string, unknown> & { field?: string[]; rawField?: string[] },
  tools: ParseTools,
): Promise<Record<string, unknown>> {
  const checked: Record<string, unknown> = {};
  const pairs = [...(opts.field ?? []).map((pair) => ['-F', pair] as const), ...(opts.rawField ?? []).map((pair) => ['-f', pair] as const)];
  for (const [hatch, pair] of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) continue; // fieldsFrom names the mistake
    const [key, text] = [pair.slice(0, at), pair.slice(at + 1)];
    const flag = flags.find((f) => f.field === key);
    if (!flag) continue;
    if (opts[attributeOf(flag.flags)] !== undefined)
      throw usageError(`${flagName(flag)} and ${hatch} ${key} both set ${key}: give one of them`);
    if (hatch === '-f') continue; // a string, as asked: the service judges it
    try {
      if (flag.parseField) checked[key] = await flag.parseField(text, tools);
      else if (flag.parse && !flag.lookup && /^[-+]?[\d.]+$/.test(westernDigits(text).trim())) {
        const value = await flag.parse(text, tools);
        if (typeof value === 'number') checked[key] = value;
      }
    } catch (error) {
      if (error instanceof CliError && error.exitCode === ExitCode.usage) throw usageError(`${hatch} ${pair}: ${error.message}`);
      throw error;
    }
  }
  return checked;
}

/** The options key commander stores a flag under (`--per-page` → `perPage`). */
export function attributeOf(flags: string): string {
  return new Option(flags).attributeName();
}

/** For query values built by hand in specs. */
export type Query = Record<string, QueryValue>;

/** `reached` for a write that moves an object to a status: `statusIs('trip', 'cancelled')`. */
export function statusIs(key: string, status: string): (current: unknown) => boolean {
  return (current) => {
    const object = (current as Record<string, unknown> | null)?.[key] ?? current;
    return (object as { status?: unknown } | null)?.status === status;
  };
}
