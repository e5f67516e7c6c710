// Before an assistant's write, the person is asked through its client (MCP elicitation), as a
// terminal asks on a protected profile: what the verb is about to do, the things it touches as
// people know them (a trip by its route and departure, a booking by its passenger), the company,
// and the exact command. Declined, unanswered or unaskable, nothing is sent. The question is built
// here from the verb and its arguments, never from what the assistant says about them, and every
// text of the service in it is one sanitised line.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { describeBooking, describeSchedule, describeTrip, showMember, showVehicle } from '../../cmdkit/handles.js';
import { idOf } from '../../cmdkit/ids.js';
import { toolsFor } from '../../cmdkit/run-operation.js';
import type { ParseTools } from '../../cmdkit/operation.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import { isUuid } from '../../input/validate.js';
import { sanitizeLine } from '../../output/sanitize.js';
import type { ToolSpec } from './catalogue.js';

/** How a write's question ended, for the log line. */
export type Consent =
  | 'confirmed by the person'
  | 'declined by the person'
  | 'no answer'
  | 'client cannot ask'
  | 'NOT confirmed by a person (--yes)';

export interface WriteCall {
  tool: ToolSpec;
  values: Record<string, unknown>;
  /** `tripctl --profile sandbox bookings approve …`, as it will run. */
  commandLine: string;
  /** Every value the verb will send as the operator reads it, where the verb knows them (a publish's review). */
  details?: ReadonlyArray<readonly [string, string]>;
  signal: AbortSignal;
  /** Told how the question ended. */
  settle: (consent: Consent) => void;
}

/** A person has this long to answer before the write is dropped. */
const ANSWER_WITHIN_MS = 10 * 60_000;

/** At most this many things of one argument are named in the question; the rest are counted. */
const NAMED = 5;

/**
 * The confirmation every write of the server goes through. `yes`: a client that cannot ask lets
 * the write through (`--allow-writes --yes`); one that can ask is still asked.
 */
export function askPerson(server: Server, opts: { yes: boolean; company: () => Promise<string> }) {
  return async (ctx: Context, call: WriteCall, what: string | undefined): Promise<void> => {
    if (!server.getClientCapabilities()?.elicitation?.form) {
      if (opts.yes) return call.settle('NOT confirmed by a person (--yes)');
      call.settle('client cannot ask');
      throw new CliError(
        "this assistant's client cannot ask a person to confirm a change (no MCP elicitation), so the change was refused; nothing was sent",
        ExitCode.usage,
        'use a client that supports elicitation, or have the operator start `tripctl mcp --allow-writes --yes`',
      );
    }
    const message = await question(ctx, call, what, await opts.company());
    const answer = await server
      .elicitInput(
        {
          mode: 'form',
          message,
          requestedSchema: {
            type: 'object',
            properties: {
              confirm: { type: 'boolean', title: 'Send this change', description: 'Tick to let tripctl send it', default: false },
            },
            required: ['confirm'],
          },
        },
        { signal: call.signal, timeout: ANSWER_WITHIN_MS },
      )
      .catch(() => undefined);
    if (answer?.action === 'accept' && answer.content?.confirm === true) return call.settle('confirmed by the person');
    call.settle(answer ? 'declined by the person' : 'no answer');
    throw new CliError(
      answer ? 'the person declined this change; nothing was sent' : 'the person did not answer; nothing was sent',
      ExitCode.interrupted,
    );
  };
}

/**
 * `Approve 3 bookings on Damascus → Aleppo, 2026-12-01 07:30 Asia/Damascus for Qasioun Express?`,
 * then one line per thing touched, then the command.
 */
export async function question(ctx: Context, call: WriteCall, what: string | undefined, company: string): Promise<string> {
  const tools = toolsFor(ctx);
  const rows: Array<[string, string]> = [];
  const trips = new Set<string>();
  for (const param of call.tool.params) {
    const value = call.values[param.key];
    // What the verb shows of the values it sends names them already (a vehicle by plate, a price in SYP).
    if (value === undefined || !param.names || (call.details && param.flag)) continue;
    const items = await distinct(ctx, param.names, (Array.isArray(value) ? value : [value]).map(String));
    const label = param.flag ?? LABELS[param.names] ?? param.key;
    for (const item of items.slice(0, NAMED)) rows.push([label, await nameOf(param.names, item, tools, trips)]);
    if (items.length > NAMED) rows.push([label, `… and ${items.length - NAMED} more`]);
  }
  let head = what ?? generic(call.tool, rows);
  rows.push(...(call.details ?? []).map(([label, text]) => [label, text] as [string, string]));
  // Bookings name their trip in the sentence itself: `approve 3 bookings on Damascus → Aleppo …`.
  if (trips.size === 1) head = `${head} on ${await describeTrip([...trips][0]!, tools)}`;
  else if (trips.size > 1) head = `${head} on ${trips.size} trips`;
  const sentence = head.includes('?')
    ? `For ${company}: ${lowerFirst(head)}`
    : `${upperFirst(head.replace(/[.\s]+$/, ''))} for ${company}?`;
  const width = Math.max(7, ...rows.map(([label]) => label.length));
  const lines = [...rows, ['command', call.commandLine] as [string, string]].map(
    ([label, text]) => `  ${label.padEnd(width)}  ${sanitizeLine(text)}`,
  );
  return [sanitizeLine(sentence), '', ...lines].join('\n');
}

/**
 * For a verb that says nothing itself: `update vehicle DAM-502291, Hyundai H-1, 9 seats`, its words
 * turned round, with the one thing it acts on by name; the flags are in the command shown below.
 */
function generic(tool: ToolSpec, rows: Array<[string, string]>): string {
  const words = tool.path.map((word, index) => (index < tool.path.length - 1 ? word.replace(/s$/, '') : word));
  const head = [words[words.length - 1], ...words.slice(0, -1)].join(' ');
  const things = rows.filter(([label]) => !label.startsWith('-'));
  return things.length === 1 ? `${head} ${things[0]![1]}` : head;
}

const LABELS: Record<string, string> = {
  trips: 'trip',
  bookings: 'booking',
  schedules: 'schedule',
  vehicles: 'vehicle',
  members: 'member',
  webhooks: 'endpoint',
};

/** The path parameter whose id rule reads a thing of this kind (cmdkit/ids.ts). */
const ID_PARAMS: Record<string, string> = {
  trips: 'tripId',
  bookings: 'bookingId',
  schedules: 'scheduleId',
  vehicles: 'vehicleId',
  members: 'memberId',
  webhooks: 'endpointId',
};

/**
 * The things an argument gives, each once, by id: a start of one (`25c48e7f`) or a ticket's code
 * (`QX-…`) read by the one id rule the verb itself resolves them by (the listing is the verb's,
 * already made), so the person reads who and what, and one booking given twice is named once.
 * Text that is no id (a plate) or resolves to nothing is kept as given; the verb reports it.
 */
async function distinct(ctx: Context, kind: string, items: string[]): Promise<string[]> {
  const name = ID_PARAMS[kind];
  const things: string[] = [];
  for (const item of items) {
    const id = name ? await idOf(ctx, name, item).catch(() => item) : item;
    if (!things.includes(id)) things.push(id);
  }
  return things;
}

/** A thing by the name people know it by; its id when it cannot be looked up. */
async function nameOf(kind: string, value: string, tools: ParseTools, trips: Set<string>): Promise<string> {
  if (!isUuid(value)) return value;
  if (kind === 'trips') return describeTrip(value, tools);
  if (kind === 'schedules') return describeSchedule(value, tools);
  if (kind === 'vehicles') return showVehicle(value, tools);
  if (kind === 'members') return showMember(value, tools);
  if (kind === 'bookings') return describeBooking(value, tools, trips);
  return value;
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
