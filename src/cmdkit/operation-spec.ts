// What a data-described verb is — its flags, its result, the operation — and how a flag's text is
// read at every door (flag, prompt, CSV cell). The declaration (operation.ts) and the runner
// (run-operation.ts) both import this; neither imports the other's file back.
import { Option } from 'commander';
import type { Method } from '../client/http.js';
import type { PageOptions } from '../client/paginate.js';
import type { QueryValue } from '../client/url.js';
import type { Context } from '../context.js';
import { choice } from '../input/choices.js';
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

/** The options key commander stores a flag under (`--per-page` → `perPage`). */
export function attributeOf(flags: string): string {
  return new Option(flags).attributeName();
}

/** For query values built by hand in specs. */
export type Query = Record<string, QueryValue>;
