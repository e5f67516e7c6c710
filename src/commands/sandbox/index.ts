import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { westernDigits } from '../../input/digits.js';
import { integer, maxLength, uuid } from '../../input/validate.js';
import { specs } from '../../output/specs.js';
import { choice, PAYMENT_STATUSES } from '../../input/choices.js';
import { EVENTS } from '../../webhooks/events.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';
import { moneyFlag } from '../../cmdkit/fields.js';
import { integerInRange } from '../../cmdkit/flags.js';
import { defineOperation } from '../../cmdkit/operation.js';

/** Every event the sandbox can send on demand, webhook.test included (partner-api.md's table). */
const EVENT_NAMES = EVENTS.map((event) => event.name);

export function register(program: Command, ctx: Context): void {
  const sandbox = defineGroup(
    program,
    'sandbox',
    'A local, stateful sandbox of the whole partner interface, and its administrator controls',
    [],
    { notOffered: "starts or steers a local test service, not the company's data" },
  );
  defineVerb(sandbox, 'start', {
    isDefault: true,
    description: 'Start the sandbox with demo data; prints the base URL and two test keys, saves a "sandbox" profile, logs each request',
    examples: [
      'tripctl sandbox start',
      'tripctl sandbox start --port 0 --time-scale 0.01 --data ./sandbox-state.json',
      'tripctl --profile sandbox trips list',
    ],
  })
    .option('--port <port>', 'port to listen on; 0 picks a free one', integerInRange('--port', 0, 65535), 4010)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--time-scale <x>', 'multiply every webhook wait and time-out by X (0.001: a 10 s wait takes 10 ms)', parseScale, 1)
    .option('--data <file>', 'keep state in this file across restarts (written atomically)')
    .option('--no-profile', 'do not save a profile')
    .option('--quiet', 'do not log each request on stderr')
    .action(lazy(ctx, async () => (await import('./start.js')).runSandbox));

  // The administrator's side of a running sandbox (its /__sandbox/ routes), for exercising
  // webhook handlers without waiting for a passenger. They use the profile's base URL.
  defineOperation(
    sandbox,
    'trigger <event>',
    {
      description: 'Make the change an event reports in a running sandbox, on --id or on a new object, and send its events',
      examples: [
        'tripctl --profile sandbox sandbox trigger booking.approved',
        'tripctl --profile sandbox sandbox trigger payment.updated --id 8b7c6d5e-4f3a-4b2c-9d1e-0f1a2b3c4d5e',
      ],
      method: 'POST',
      path: '/__sandbox/events',
      fromRoot: true,
      result: { kind: 'list', key: 'events' },
      resource: specs.event,
      positional: { field: 'event', in: 'body', parse: eventName },
      flags: [
        {
          flags: '--id <id>',
          description: 'the object to change (default: a new one of company A; booking.created: the trip to book)',
          field: 'id',
          parse: (v) => uuid('--id', v),
        },
      ],
    },
    ctx,
  );
  defineOperation(
    sandbox,
    'edit-booking <bookingId>',
    {
      description: 'Edit a booking as a dashboard administrator would (the sandbox sends booking.updated)',
      examples: ["tripctl --profile sandbox sandbox edit-booking 3f9a2b1c-4d5e-4f60-8a7b-9c0d1e2f3a4b --group 'Hama school trip'"],
      method: 'PATCH',
      path: '/__sandbox/bookings/{bookingId}',
      fromRoot: true,
      result: { kind: 'object', key: 'booking' },
      resource: specs.booking,
      flags: [
        {
          flags: '--group <name>',
          description: 'group name, at most 80 characters',
          field: 'groupName',
          parse: (v) => maxLength('--group', v, 80),
        },
        {
          flags: '--note <text>',
          description: 'passenger note, at most 200 characters',
          field: 'passengerNote',
          parse: (v) => maxLength('--note', v, 200),
        },
        { flags: '--seats <n>', description: 'seats, 1-20', field: 'seats', parse: (v) => integer('--seats', v, 1, 20) },
      ],
    },
    ctx,
  );
  defineOperation(
    sandbox,
    'edit-payment <paymentId>',
    {
      description: 'Change a payment (the sandbox sends payment.updated)',
      examples: ['tripctl --profile sandbox sandbox edit-payment 8b7c6d5e-4f3a-4b2c-9d1e-0f1a2b3c4d5e --status refunded'],
      method: 'PATCH',
      path: '/__sandbox/payments/{paymentId}',
      fromRoot: true,
      result: { kind: 'object', key: 'payment' },
      resource: specs.payment,
      flags: [
        { flags: '--status <status>', description: 'new status', field: 'status', choices: PAYMENT_STATUSES },
        moneyFlag({ name: '--amount', field: 'amount', description: 'new amount', question: 'New amount' }),
      ],
    },
    ctx,
  );
  defineOperation(
    sandbox,
    'advance-clock <seconds>',
    {
      description: "Move a running sandbox's clock forward: trips depart, schedules publish further",
      examples: ['tripctl --profile sandbox sandbox advance-clock 86400'],
      method: 'POST',
      path: '/__sandbox/clock',
      fromRoot: true,
      result: { kind: 'object', key: 'clock' },
      positional: { field: 'advanceSeconds', in: 'body', parse: (v) => integer('seconds', v, 0, 3650 * 86_400) },
    },
    ctx,
  );
}

function eventName(value: string): string {
  return choice('event', value, EVENT_NAMES, 'event');
}

function parseScale(value: string): number {
  const scale = Number(westernDigits(value));
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) {
    throw usageError(`--time-scale must be a number above 0 and at most 1000, not '${value}'`);
  }
  return scale;
}
