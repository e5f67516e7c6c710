import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { RECURRENCES } from '../../input/choices.js';
import { usageError } from '../../errors.js';
import { calendarDate, integer } from '../../input/validate.js';
import { specs } from '../../output/specs.js';
import { priceFlag, serviceTimeFlag, weekdaysFlag } from '../../cmdkit/fields.js';
import { cityFlag, describeSchedule, driverFlag, pickDriver, vehicleFlag } from '../../cmdkit/handles.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';
import { integerInRange } from '../../cmdkit/flags.js';
import { defineOperation, type FieldFlag } from '../../cmdkit/operation.js';

const price = (required: boolean): FieldFlag => priceFlag(required);
const time = (required: boolean): FieldFlag => serviceTimeFlag(required);
const days: FieldFlag = weekdaysFlag();
const horizon: FieldFlag = {
  flags: '--horizon-days <n>',
  description: 'how many days ahead trips are published',
  field: 'horizonDays',
  parse: (v) => integer('--horizon-days', v, 1, 365),
};
const notes: FieldFlag = { flags: '--notes <text>', description: 'public notes on the trips', field: 'notes' };

export function register(program: Command, ctx: Context): void {
  const schedules = defineGroup(program, 'schedules', 'Recurring schedules that publish trips, with per-date exceptions');
  defineOperation(
    schedules,
    'list',
    {
      description: 'List schedules',
      examples: ['tripctl schedules list', "tripctl schedules list -o json --query '[?active].id'"],
      method: 'GET',
      path: '/schedules',
      result: { kind: 'list', key: 'schedules' },
      resource: specs.schedule,
    },
    ctx,
  );
  defineOperation(
    schedules,
    'get <scheduleId>',
    {
      description: 'Show a schedule with its exceptions',
      examples: ['tripctl schedules get d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf -o json'],
      method: 'GET',
      path: '/schedules/{scheduleId}',
      result: { kind: 'object', key: 'schedule' },
      resource: specs.schedule,
    },
    ctx,
  );
  defineOperation(
    schedules,
    'create',
    {
      description: 'Create a schedule that publishes trips on a recurrence',
      examples: [
        "tripctl schedules create --vehicle '123456 دمشق' --driver 6464aab4-8d2b-4964-8f57-4cf4ef0ad1d0 --from Damascus --to Aleppo --price 25000 --recurrence weekly --weekdays sun,wed --time 07:30",
        "tripctl schedules create --vehicle '123456 دمشق' --driver 6464aab4-8d2b-4964-8f57-4cf4ef0ad1d0 --from Damascus --to Daraa --price 9000 --recurrence interval --interval-days 3 --time 06:00 --starts-on 2027-12-01",
      ],
      // The fare guard reads the route's recent trips and the schedules.
      calls: ['POST /schedules', 'GET /trips', 'GET /schedules'],
      method: 'POST',
      path: '/schedules',
      result: { kind: 'object', key: 'schedule' },
      resource: specs.schedule,
      reviewWhenAsked: true,
      fareGuard: true,
      flags: [
        vehicleFlag({ required: true }),
        driverFlag({ description: 'driving member, by name, phone or id', required: true, ask: pickDriver }),
        cityFlag('--from', 'fromCityId', 'origin city, by id or name', { required: true }),
        cityFlag('--to', 'toCityId', 'destination city, by id or name', { required: true }),
        price(true),
        {
          flags: '--seats <n>',
          description: "seats on sale (default: the vehicle's)",
          field: 'totalSeats',
          parse: (v) => integer('--seats', v, 1, 20),
        },
        {
          flags: '--recurrence <kind>',
          description: 'daily, weekly or interval',
          field: 'recurrence',
          required: true,
          choices: RECURRENCES,
          ask: async ({ ctx: c }) =>
            (await c.prompter()).select(
              'Recurrence:',
              RECURRENCES.map((r) => ({ name: r, value: r })),
            ),
        },
        weekdaysFlag({ askWhen: (sofar) => sofar.recurrence === 'weekly' }),
        {
          flags: '--interval-days <n>',
          description: 'for interval: days between departures',
          field: 'intervalDays',
          parse: (v) => integer('--interval-days', v, 1, 365),
          askWhen: (sofar) => sofar.recurrence === 'interval',
        },
        time(true),
        {
          flags: '--starts-on <date>',
          description: 'first occurrence, YYYY-MM-DD',
          field: 'startsOn',
          parse: (v) => calendarDate('--starts-on', v),
        },
        horizon,
        notes,
      ],
      check: (fields) => {
        if (fields.recurrence === 'weekly' && fields.weekdays === undefined) throw usageError('--recurrence weekly needs --weekdays');
        if (fields.recurrence === 'interval' && fields.intervalDays === undefined)
          throw usageError('--recurrence interval needs --interval-days');
        if (fields.recurrence !== 'weekly' && fields.weekdays !== undefined) throw usageError('--weekdays goes with --recurrence weekly');
        if (fields.recurrence !== 'interval' && fields.intervalDays !== undefined)
          throw usageError('--interval-days goes with --recurrence interval');
      },
    },
    ctx,
  );
  defineOperation(
    schedules,
    'update <scheduleId>',
    {
      description: 'Change price, time, weekdays, horizon or notes; omitted fields keep their values',
      examples: ['tripctl schedules update d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf --price 27000 --time 08:00'],
      // With --price, the fare guard reads the schedule's route, its recent trips and the schedules.
      calls: ['PATCH /schedules/{scheduleId}', 'GET /schedules/{scheduleId}', 'GET /trips', 'GET /schedules'],
      method: 'PATCH',
      path: '/schedules/{scheduleId}',
      result: { kind: 'object', key: 'schedule' },
      resource: specs.schedule,
      fareGuard: true,
      flags: [price(false), time(false), days, horizon, notes],
    },
    ctx,
  );
  defineOperation(
    schedules,
    'delete <scheduleId>',
    {
      description: 'Delete a schedule: no more trips are generated; published trips stay',
      examples: ['tripctl schedules delete 49655186-4737-4aa5-ad2a-ae5a8cfb0fa4 --yes'],
      method: 'DELETE',
      path: '/schedules/{scheduleId}',
      result: { kind: 'none', message: ([id]) => `Deleted schedule ${id}; its published trips stay.` },
      confirm: async ([id], tools) => `Delete the schedule ${await describeSchedule(id!, tools)}? Trips already published stay.`,
    },
    ctx,
  );
  defineOperation(
    schedules,
    'toggle <scheduleId>',
    {
      description: 'Flip a schedule between active and paused',
      examples: ['tripctl schedules toggle d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf'],
      method: 'POST',
      path: '/schedules/{scheduleId}/toggle',
      result: { kind: 'object', key: 'schedule' },
      resource: specs.schedule,
    },
    ctx,
  );
  for (const [verb, active] of [
    ['pause', false],
    ['resume', true],
  ] as const) {
    defineVerb(schedules, `${verb} <scheduleId>`, {
      // Sets a state: a second run finds it set and sends nothing.
      assistant: { idempotent: true },
      calls: ['GET /schedules/{scheduleId}', 'POST /schedules/{scheduleId}/toggle'],
      description: `${active ? 'Resume' : 'Pause'} a schedule; does nothing if it is already ${active ? 'active' : 'paused'}`,
      examples: [`tripctl schedules ${verb} d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf`],
    }).action(lazy(ctx, async () => (await import('./pause-resume.js')).setActive(active)));
  }

  defineVerb(schedules, 'preview <scheduleId>', {
    assistant: { description: "A schedule's departures over the next days: published, to come, skipped, extra, paused or cancelled" },
    calls: ['GET /schedules/{scheduleId}', 'GET /trips'],
    description:
      "The departures a schedule will have over the next days, by its rule: each 'published' (with its trip), 'to come' (past the horizon too), 'skipped', 'extra', or 'paused' / 'cancelled'",
    examples: [
      'tripctl schedules preview d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf',
      'tripctl schedules preview d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf --days 60 -o json --query "[?state==\'to come\'].date"',
    ],
  })
    .option('--days <n>', 'how many days ahead, from now', integerInRange('--days', 1, 366), 14)
    .action(lazy(ctx, async () => (await import('./preview.js')).preview));
  defineVerb(schedules, 'skip [scheduleIds...]', {
    // Dates already skipped are left as they are.
    assistant: { idempotent: true },
    calls: [
      'GET /schedules',
      'GET /schedules/{scheduleId}',
      'GET /trips',
      'GET /bookings',
      'GET /cities',
      'POST /schedules/{scheduleId}/exceptions',
    ],
    description:
      'Close dates (a holiday): a skip exception per date per schedule, dates already skipped left as they are; says how many booked trips it touches and asks first (--yes without a terminal)',
    examples: [
      'tripctl schedules skip --from 2027-12-24 --to 2027-12-26 --all --dry-run',
      'tripctl schedules skip --from 2027-12-24 --to 2027-12-26 d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf --yes',
    ],
    writes: ({ opts }) => !(opts as { dryRun?: boolean }).dryRun,
  })
    .option('--from <YYYY-MM-DD>', 'first date closed (required)')
    .option('--to <YYYY-MM-DD>', 'last date closed, included (required)')
    .option('--all', 'every schedule of the company')
    .option('--dry-run', 'show what would be added and what exists; send nothing')
    .action(lazy(ctx, async () => (await import('./skip.js')).skip));

  const exceptions = defineGroup(schedules, 'exceptions', 'Per-date overrides: skip a date or add an extra departure');
  defineOperation(
    exceptions,
    'add <scheduleId>',
    {
      description: 'Skip a date, or add an extra departure on it (replaces any exception for that date)',
      examples: [
        'tripctl schedules exceptions add d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf --date 2027-12-26 --skip',
        'tripctl schedules exceptions add d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf --date 2027-12-31 --extra --time 18:00',
      ],
      method: 'POST',
      path: '/schedules/{scheduleId}/exceptions',
      result: { kind: 'object', key: 'exception' },
      flags: [
        {
          flags: '--date <YYYY-MM-DD>',
          description: 'the date overridden',
          field: 'date',
          required: true,
          parse: (v) => calendarDate('--date', v),
        },
        { flags: '--skip', description: 'no departure on that date', field: 'kind', parse: () => 'skip', conflicts: ['extra', 'time'] },
        { flags: '--extra', description: 'an extra departure on that date (with --time)', field: 'kind', parse: () => 'extra' },
        time(false),
      ],
      check: (fields) => {
        if (fields.kind === undefined) throw usageError('say --skip or --extra');
        if (fields.kind === 'extra' && fields.departureTime === undefined) throw usageError('--extra needs --time HH:MM');
      },
    },
    ctx,
  );
  defineOperation(
    exceptions,
    'remove <scheduleId> <exceptionId>',
    {
      description: 'Remove a date override',
      assistant: { destructive: true },
      examples: [
        `tripctl schedules exceptions remove d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf "$(tripctl schedules get d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf --query 'exceptions[0].id' | tr -d '"')"`,
      ],
      method: 'DELETE',
      path: '/schedules/{scheduleId}/exceptions/{exceptionId}',
      result: { kind: 'none', message: ([, id]) => `Removed exception ${id}.` },
    },
    ctx,
  );
}
