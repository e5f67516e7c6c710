import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineGroup, lazy } from '../../cmdkit/define.js';
import { choiceOption } from '../../cmdkit/flags.js';
import { defineOperation } from '../../cmdkit/operation.js';
import type { OperationVerb } from '../../cmdkit/operation-spec.js';
import { REPORT_FORMATS, REPORT_TYPES } from '../../input/choices.js';
import { specs } from '../../output/specs.js';

export function register(program: Command, ctx: Context): void {
  const reports = defineGroup(program, 'reports', 'Aggregated booking and revenue figures, and file exports');
  const show: OperationVerb = {
    description:
      "Show aggregated booking and revenue figures; with --from-date/--to-date (local days) or --group-by, a period's takings by route, day or driver, computed from its payments and bookings (the service's report takes no period)",
    assistant: {
      description: "Booking and revenue figures; with fromDate/toDate (local days) or groupBy, a period's takings by route, day or driver",
    },
    examples: [
      'tripctl reports show',
      "tripctl reports show -o json --query 'revenue'",
      'tripctl reports show --from-date 2026-11-20 --to-date 2026-11-26 --group-by route',
    ],
    method: 'GET',
    path: '/reports',
    calls: ['GET /reports', 'GET /payments', 'GET /bookings', 'GET /trips', 'GET /cities', 'GET /members'],
    result: { kind: 'object', key: 'report' },
    resource: specs.report,
  };
  defineOperation(reports, 'show', show, ctx)
    .option('--from-date <day>', "the period's first local day (YYYY-MM-DD, today, yesterday)")
    .option('--to-date <day>', "the period's last local day")
    .addOption(choiceOption('--group-by <what>', 'default route', ['route', 'day', 'driver']))
    // The period's figures are computed (period.ts); without its flags the verb is the service's report.
    .action(lazy(ctx, async () => (await import('./period.js')).showReport(show)));
  defineOperation(
    reports,
    'export',
    {
      assistant: { notOffered: 'a file download (CSV, XLSX or PDF); `reports show` gives the figures as data' },
      description: 'Download a report as csv, xlsx or pdf (the path saved is printed on stdout)',
      examples: [
        'tripctl reports export --type bookings --format xlsx',
        'tripctl reports export --type revenue --format csv --file - | head',
      ],
      method: 'GET',
      path: '/reports/export',
      // Required, asked from their lists on a terminal, named in one error without one.
      flags: [
        { flags: '--type <type>', description: 'what the report covers', field: 'type', required: true, choices: REPORT_TYPES },
        { flags: '--format <format>', description: 'file format', field: 'format', required: true, choices: REPORT_FORMATS },
      ],
      result: {
        kind: 'file',
        name: ({ query, stamp }) => `${String(query.type)}-${stamp}.${String(query.format)}`,
        label: ({ query }) => `${String(query.type)} report`,
        csv: ({ query }) => query.format === 'csv',
      },
    },
    ctx,
  );
}
