import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { optionalInput, phoneFlag } from '../../cmdkit/fields.js';
import { BOOKING_STATUSES, TICKET_FORMATS } from '../../input/choices.js';
import { integer, maxLength } from '../../input/validate.js';
import { specs } from '../../output/specs.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';
import { addFileFlags, choiceOption, integerInRange } from '../../cmdkit/flags.js';
import { addFromFile } from '../../cmdkit/from-file.js';
import { bookingFare, describeTrip, pickTrip } from '../../cmdkit/handles.js';
import { bookingFits } from '../../cmdkit/write-checks.js';
import { defineOperation, type FieldFlag, type OperationVerb } from '../../cmdkit/operation.js';
import { BULK_ACTIONS, type BulkVerb } from './status/moves.js';

/** The flags of `bookings create`, which are also the columns of `bookings create --from-file`. */
const BOOKING_CREATE_FLAGS: FieldFlag[] = [
  {
    flags: '--trip <tripId>',
    description: 'trip to book on',
    field: 'tripId',
    required: true,
    parse: async (v, tools) => (await import('../../cmdkit/ids.js')).idOf(tools.ctx, 'tripId', v, '--trip'),
    ask: pickTrip,
    show: async (v, tools) => `${await describeTrip(String(v), tools)}  (${String(v)})`,
    showCalls: true,
  },
  { flags: '--seats <n>', description: 'seats, 1-20', field: 'seats', required: true, parse: (v) => integer('--seats', v, 1, 20) },
  phoneFlag("passenger's phone", { required: true }),
  {
    flags: '--name <full-name>',
    description: "passenger's full name (used when the phone is new)",
    field: 'fullName',
    offer: true,
    ask: optionalInput('Full name (empty to skip):'),
  },
  {
    flags: '--note <text>',
    description: 'passenger note, at most 200 characters',
    field: 'passengerNote',
    parse: (v) => maxLength('--note', v, 200),
  },
  {
    flags: '--group <name>',
    description: 'group name, at most 80 characters',
    field: 'groupName',
    parse: (v) => maxLength('--group', v, 80),
  },
];

export function register(program: Command, ctx: Context): void {
  const bookings = defineGroup(program, 'bookings', 'Passenger bookings: create, approve, reject, cancel, board, no-show, tickets');
  defineOperation(
    bookings,
    'list',
    {
      description: 'List bookings, newest first',
      examples: [
        'tripctl bookings list --status requested',
        'tripctl bookings list --status approved --limit 3 --columns id,passenger',
        `tripctl bookings list --trip "$(tripctl trips list --status published --limit 1 -o ids)" --all -o csv > bookings.csv`,
      ],
      method: 'GET',
      path: '/bookings',
      result: { kind: 'list', key: 'bookings', paged: true },
      resource: specs.booking,
      // A list carries no passenger: each booking is fetched singly when --columns names one.
      details: {
        columns: ['passenger', 'phone'],
        fill: async (ctx, items) => (await import('../../cmdkit/booking-details.js')).fillPassengers(ctx, items),
      },
      flags: [
        {
          flags: '--status <status>',
          description: 'only bookings in this status (others: --param status=…)',
          field: 'status',
          choices: BOOKING_STATUSES,
        },
        {
          flags: '--trip <tripId>',
          description: 'only bookings of this trip',
          field: 'tripId',
          parse: async (v, tools) => (await import('../../cmdkit/ids.js')).idOf(tools.ctx, 'tripId', v, '--trip'),
        },
      ],
    },
    ctx,
  );
  defineVerb(bookings, 'find <query>', {
    assistant: { answers: 'list', description: "A passenger's bookings, newest first, by name, phone or ticket code (QX-…)" },
    calls: ['GET /bookings', 'GET /bookings/{bookingId}', 'GET /bookings/{bookingId}/ticket'],
    description:
      "Find a passenger's bookings across trips, newest first, by name (any spelling of the letters), phone as people write it, or the code printed on the ticket (QX-…)",
    examples: ['tripctl bookings find "0944 791 234"', 'tripctl bookings find QX-1D46571F', "tripctl bookings find 'سارة'"],
    view: specs.booking,
  }).action(lazy(ctx, async () => (await import('./find.js')).find));
  defineOperation(
    bookings,
    'get <bookingId>',
    {
      description: 'Show a booking with its trip, passenger and payments',
      examples: [
        `tripctl bookings get "$(tripctl bookings list --status approved --limit 1 -o ids)"`,
        `tripctl bookings get "$(tripctl bookings list --status approved --limit 1 -o ids)" -o json --query passenger`,
      ],
      method: 'GET',
      path: '/bookings/{bookingId}',
      result: { kind: 'object', key: 'booking' },
      resource: specs.booking,
    },
    ctx,
  );
  const create: OperationVerb = {
    description: 'Book seats on a trip for a passenger, by phone (safe to retry: always sent with an Idempotency-Key)',
    examples: [
      `tripctl bookings create --trip "$(tripctl trips list --status published --limit 1 -o ids)" --seats 2 --phone +963944123456 --name 'Rami Haddad'`,
      `tripctl bookings create --trip "$(tripctl trips list --status published --limit 1 -o ids)" --seats 1 --phone +963944123456 --idempotency-key order-8841`,
      `tripctl bookings create --from-file passengers.csv --trip "$(tripctl trips list --status published --limit 1 -o ids)"`,
      `printf 'phone,seats\\n0944 120 101,1\\n0944 120 102,2\\n' | tripctl bookings create --from-file - --trip "$(tripctl trips list --status published --limit 1 -o ids)"`,
    ],
    // A file reads the bookings of its trips (each singly, for the phone) to compare with.
    calls: ['POST /bookings', 'GET /bookings', 'GET /bookings/{bookingId}'],
    method: 'POST',
    path: '/bookings',
    result: { kind: 'object', key: 'booking' },
    resource: specs.booking,
    idempotent: true,
    reviewWhenAsked: true,
    flags: BOOKING_CREATE_FLAGS,
    reviewExtras: bookingFare,
    precheck: bookingFits,
  };
  // A re-run matches each row with its trip's booking of the same phone (import.ts): unchanged
  // rows send nothing, changed ones are reported; new rows carry keys made from their content.
  addFromFile(defineOperation(bookings, 'create', create, ctx), create, ctx, async () =>
    (await import('./import.js')).bookingImport(BOOKING_CREATE_FLAGS),
  );
  for (const [verb, action] of Object.entries(BULK_ACTIONS) as Array<[BulkVerb, (typeof BULK_ACTIONS)[BulkVerb]]>) {
    defineVerb(bookings, `${verb} <bookingIds...>`, {
      assistant: action.assistant,
      calls: [`${action.method} /bookings/{bookingId}${action.path}`],
      description: `${action.description}; several ids, or - to read them from stdin`,
      examples: [
        // Each verb acts on bookings in the state it moves from, so the examples run in order.
        `tripctl bookings ${verb} "$(tripctl bookings list --status ${verb === 'approve' || verb === 'reject' ? 'requested' : 'approved'} --limit 1 -o ids)"`,
        verb === 'approve'
          ? 'tripctl bookings list --status requested --limit 3 -o ids | tripctl bookings approve -'
          : `tripctl bookings list --status ${verb === 'reject' ? 'requested' : 'approved'} --limit 2 -o ids | tripctl bookings ${verb} - --concurrency 4`,
      ],
    })
      .option('--concurrency <n>', 'requests in flight at once', integerInRange('--concurrency', 1, 32), 8)
      .action(lazy(ctx, async () => (await import('./status/run.js')).bulkAction(verb)));
  }
  defineVerb(bookings, 'inbox', {
    assistant: { notOffered: 'interactive: a person works through the requests at a terminal' },
    calls: [
      'GET /bookings',
      'GET /bookings/{bookingId}',
      'GET /trips/{tripId}',
      'GET /trips/{tripId}/manifest',
      'PATCH /bookings/{bookingId}',
    ],
    description: 'Triage requested bookings on a terminal: approve, reject or skip each, one key at a time',
    examples: [
      'tripctl bookings inbox',
      `tripctl bookings inbox --trip "$(tripctl trips list --status published --limit 1 -o ids)" --poll 5`,
    ],
  })
    .option('--trip <tripId>', 'only requests for this trip')
    .option('--poll <seconds>', 'how often new requests are looked for', integerInRange('--poll', 2, 3600), 15)
    .action(lazy(ctx, async () => (await import('./inbox/inbox.js')).inbox));
  const ticket = defineVerb(bookings, 'ticket [bookingId]', {
    assistant: {
      description: "A booking's ticket: its details, and the ticket as a PNG image to show or send",
    },
    calls: ['GET /bookings/{bookingId}/ticket', 'GET /bookings', 'GET /company'],
    description: 'Show the boarding ticket (on a terminal with its QR code), or save it as a PNG or PDF to send',
    examples: [
      `tripctl bookings ticket "$(tripctl bookings list --status approved --limit 1 -o ids)"`,
      `tripctl bookings ticket "$(tripctl bookings list --status approved --limit 1 -o ids)" -o json > ticket.json`,
      `tripctl bookings ticket "$(tripctl bookings list --status approved --limit 1 -o ids)" --format png --file ticket.png --force`,
      `tripctl bookings ticket --trip "$(tripctl bookings list --status approved --limit 1 --columns tripId -o ids)" --all --format pdf --file tickets.pdf --force`,
    ],
  })
    .addOption(choiceOption('--format <format>', 'save the ticket as a file: png (its QR code) or pdf (the whole ticket)', TICKET_FORMATS))
    .option('--trip <tripId>', 'with --all: the trip whose approved bookings get a ticket each')
    .option('--all', 'every approved booking of --trip: one PDF with a page each, or a folder of PNGs');
  addFileFlags(ticket, 'ticket-BOOKING8.FORMAT here; with --all tickets-TRIP8.pdf or tickets-TRIP8/').action(
    lazy(ctx, async () => (await import('./ticket/ticket.js')).showTicket),
  );
}
