import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { PAYMENT_STATUSES } from '../../input/choices.js';
import { specs } from '../../output/specs.js';
import { defineGroup } from '../../cmdkit/define.js';
import { defineOperation } from '../../cmdkit/operation.js';

export function register(program: Command, ctx: Context): void {
  const payments = defineGroup(program, 'payments', 'Payments on company bookings (read-only) and their invoices');
  defineOperation(
    payments,
    'list',
    {
      description: 'List payments, newest first',
      examples: ['tripctl payments list', 'tripctl payments list --all -o csv > payments.csv', 'tripctl payments list --status refunded'],
      method: 'GET',
      path: '/payments',
      result: { kind: 'list', key: 'payments', paged: true },
      resource: specs.payment,
      flags: [{ flags: '--status <status>', description: 'only payments in this status', field: 'status', choices: PAYMENT_STATUSES }],
    },
    ctx,
  );
  defineOperation(
    payments,
    'get <paymentId>',
    {
      description: 'Show one payment',
      examples: ['tripctl payments get "$(tripctl payments list --limit 1 -o ids)"'],
      method: 'GET',
      path: '/payments/{paymentId}',
      result: { kind: 'object', key: 'payment' },
      resource: specs.payment,
    },
    ctx,
  );
  defineOperation(
    payments,
    'invoice <paymentId>',
    {
      assistant: { notOffered: 'a PDF download to a file' },
      description: "Download a payment's invoice PDF (the path saved is printed on stdout)",
      examples: [
        'tripctl payments invoice "$(tripctl payments list --limit 1 -o ids)"',
        'tripctl payments invoice "$(tripctl payments list --limit 1 -o ids)" --file invoice.pdf --force',
      ],
      method: 'GET',
      path: '/payments/{paymentId}/invoice.pdf',
      result: { kind: 'file', name: ({ params }) => `invoice-${params.paymentId}.pdf`, label: () => 'invoice' },
    },
    ctx,
  );
}
