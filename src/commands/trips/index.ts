import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { MANIFEST_FORMATS, TRIP_STATUSES } from '../../input/choices.js';
import { specs } from '../../output/specs.js';
import { cityFlag, describeTrip } from '../../cmdkit/handles.js';
import { tripPassengers, vehicleFree } from '../../cmdkit/write-checks.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';
import { addFromFile } from '../../cmdkit/from-file.js';
import { tripFlags } from './trip-flags.js';
import { addFileFlags, choiceOption, integerInRange } from '../../cmdkit/flags.js';
import { defineOperation, type OperationVerb } from '../../cmdkit/operation.js';
import { statusIs } from '../../cmdkit/operation-spec.js';

export function register(program: Command, ctx: Context): void {
  const trips = defineGroup(program, 'trips', 'Intercity trips: publish, update, cancel, complete');
  defineOperation(
    trips,
    'list',
    {
      description:
        'List trips, newest departure first; with --date (or --from-date, --to-date) those departing on those local days, soonest first',
      examples: [
        'tripctl trips list --status published --from Damascus',
        'tripctl trips list --date tomorrow',
        'tripctl trips list --all -o ndjson > trips.ndjson',
      ],
      dayFilter: { field: 'departureAt', noun: 'trips departing' },
      assistant: {
        description:
          "List trips. With date (a local day), or fromDate and toDate, exactly those days' departures, soonest first; without, newest first, paged",
      },
      method: 'GET',
      path: '/trips',
      result: { kind: 'list', key: 'trips', paged: true },
      resource: specs.trip,
      flags: [
        {
          flags: '--status <status>',
          description: 'only trips in this status (others: --param status=…)',
          field: 'status',
          choices: TRIP_STATUSES,
        },
        cityFlag('--from', 'fromCityId', 'only trips from this city (id or name)'),
        cityFlag('--to', 'toCityId', 'only trips to this city (id or name)'),
      ],
    },
    ctx,
  );
  defineOperation(
    trips,
    'get <tripId>',
    {
      description: 'Show one trip',
      examples: ['tripctl trips get "$(tripctl trips list --status published --limit 1 -o ids)"'],
      method: 'GET',
      path: '/trips/{tripId}',
      result: { kind: 'object', key: 'trip' },
      resource: specs.trip,
    },
    ctx,
  );
  const publish: OperationVerb = {
    description: 'Publish a trip (asks for what is missing on a terminal)',
    assistant: {
      description:
        "Publish a new trip: vehicle (plate), from and to (city names), departure ('YYYY-MM-DD HH:MM' in the company's time zone) and price per seat in the currency's units, as the records show it (18,000.00 SYP is price 18000). The person is shown the trip and fare before it is sent",
    },
    examples: [
      "tripctl trips publish --vehicle '123456 دمشق' --from Damascus --to Homs --departure '2027-12-01 08:30' --price 15000",
      'tripctl trips publish --from-file timetable.csv --dry-run --update   # the plan: new rows, and changes to published trips',
      'tripctl trips publish --from-file timetable.csv --update             # apply it',
      'tripctl trips publish --from-file timetable.csv --update --prune --yes   # from cron: also cancel trips taken out of the sheet (never a booked one)',
    ],
    // A file reads the published trips to compare with (and a trip its id column names), --update
    // changes them, --prune cancels what the file no longer holds; the bookings of a trip that
    // moves, changes route or is pruned are read for their passengers; the fare guard reads the
    // route's recent trips and the schedules.
    calls: [
      'POST /trips',
      'GET /trips',
      'GET /trips/{tripId}',
      'PATCH /trips/{tripId}',
      'DELETE /trips/{tripId}',
      'GET /bookings',
      'GET /bookings/{bookingId}',
      'GET /schedules',
    ],
    method: 'POST',
    path: '/trips',
    result: { kind: 'object', key: 'trip' },
    resource: specs.trip,
    flags: tripFlags(true),
    reviewWhenAsked: true,
    fareGuard: true,
    precheck: vehicleFree,
  };
  addFromFile(defineOperation(trips, 'publish', publish, ctx), publish, ctx, async () => (await import('./import.js')).tripImport, {
    update:
      'with --from-file: send the changes of rows that differ from their published trip, a move of its time included (PATCH /trips/{id}); without it they are reported, not sent, and the run ends with exit 8 (9 when other rows were sent)',
    prune:
      "with --from-file: cancel the published trips of the file's vehicles and days that no row stands for any more (DELETE /trips/{id}); a trip with bookings only when a person at a terminal says so",
  });
  defineOperation(
    trips,
    'update <tripId>',
    {
      description: 'Change a published trip',
      examples: [
        `tripctl trips update "$(tripctl trips list --status published --limit 1 -o ids)" --departure '2027-12-01 09:00' --price 16000`,
      ],
      // With --price, the fare guard reads the trip's route, its recent trips and the schedules.
      calls: ['PATCH /trips/{tripId}', 'GET /trips/{tripId}', 'GET /trips', 'GET /schedules'],
      method: 'PATCH',
      path: '/trips/{tripId}',
      result: { kind: 'object', key: 'trip' },
      resource: specs.trip,
      flags: tripFlags(false),
      fareGuard: true,
    },
    ctx,
  );
  defineOperation(
    trips,
    'cancel <tripId>',
    {
      description: 'Cancel a trip; its bookings follow the cancellation rules',
      examples: ['tripctl trips cancel "$(tripctl trips list --status published --limit 1 -o ids)" --yes'],
      method: 'DELETE',
      path: '/trips/{tripId}',
      calls: ['DELETE /trips/{tripId}', 'GET /bookings', 'GET /bookings/{bookingId}'],
      result: { kind: 'none', message: ([id]) => `Cancelled trip ${id}.` },
      // DELETE cancels: the trip stays, cancelled (partner-api.md, States: Trip).
      reached: statusIs('trip', 'cancelled'),
      resource: specs.trip,
      confirm: async ([id], tools) => `Cancel the trip ${await describeTrip(id!, tools)}? Its passengers' bookings are cancelled too.`,
      // Named before the cancel: afterwards their bookings are all cancelled alike.
      affected: ([id], tools) => tripPassengers(id!, tools),
    },
    ctx,
  );
  defineOperation(
    trips,
    'complete <tripId>',
    {
      description: 'Mark a trip that has run as completed',
      assistant: { idempotent: true },
      examples: [
        'tripctl trips complete "$(tripctl trips list --status published --all -o ids | tail -1)"   # the earliest: it has departed',
      ],
      method: 'POST',
      path: '/trips/{tripId}/complete',
      result: { kind: 'object', key: 'trip' },
      resource: specs.trip,
    },
    ctx,
  );
  defineVerb(trips, 'board <tripId>', {
    assistant: { notOffered: 'interactive: the boarding station reads a scanner at a terminal' },
    description: 'A boarding station: scan tickets or type booking ids to mark passengers boarded; works offline',
    examples: [
      'tripctl trips board 0f6b2c3d-1e4f-4a5b-9c6d-7e8f9a0b1c2d',
      'tripctl trips board 0f6b2c3d-1e4f-4a5b-9c6d-7e8f9a0b1c2d --no-show-rest < scans.txt',
      'tripctl trips board 0f6b2c3d-1e4f-4a5b-9c6d-7e8f9a0b1c2d --sync',
    ],
    calls: [
      'GET /trips/{tripId}',
      'GET /trips/{tripId}/manifest',
      'GET /bookings/{bookingId}',
      'GET /bookings/{bookingId}/ticket',
      'POST /bookings/{bookingId}/boarded',
      'POST /bookings/{bookingId}/no-show',
    ],
  })
    .option('--sync', 'send the boardings queued while offline, then stop (no scanning)')
    .option('--no-show-rest', 'at the end, mark every approved passenger who has not boarded as no-show, without asking')
    .option(
      '--retry-every <seconds>',
      'how often queued boardings are retried while the station runs',
      integerInRange('--retry-every', 1, 3600),
      10,
    )
    .action(lazy(ctx, async () => (await import('./board/board.js')).board));
  const manifest: OperationVerb = {
    description: "List a trip's approved and boarded passengers, or save the driver's sheet (--format pdf|csv)",
    assistant: {
      description: "A trip's approved and boarded passengers by name and phone (requested ones: bookings_list)",
    },
    examples: [
      'tripctl trips manifest "$(tripctl trips list --status published --limit 1 -o ids)"',
      'tripctl trips manifest "$(tripctl trips list --status published --limit 1 -o ids)" --format pdf --file manifest.pdf',
      'tripctl trips manifest "$(tripctl trips list --status published --limit 1 -o ids)" --format csv --file - > manifest.csv',
    ],
    // The sheet names the company, the cities, the vehicle's plate and the driver beside the passengers.
    calls: ['GET /trips/{tripId}/manifest', 'GET /trips/{tripId}', 'GET /company', 'GET /cities', 'GET /vehicles', 'GET /members'],
    method: 'GET',
    path: '/trips/{tripId}/manifest',
    result: { kind: 'list', key: 'passengers' },
    resource: specs.passenger,
  };
  const manifestVerb = defineOperation(trips, 'manifest <tripId>', manifest, ctx).addOption(
    choiceOption('--format <format>', "the driver's sheet: a printable A4 PDF, or its rows as CSV (saved as a file)", MANIFEST_FORMATS),
  );
  addFileFlags(manifestVerb, 'manifest-TRIPID8.FORMAT here').action(
    lazy(ctx, async () => (await import('./manifest/manifest.js')).manifestFor(manifest)),
  );
}
