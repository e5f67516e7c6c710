import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineGroup } from '../../cmdkit/define.js';
import { defineOperation } from '../../cmdkit/operation.js';
import { REPORT_FORMATS, REPORT_TYPES } from '../../input/choices.js';
import { specs } from '../../output/specs.js';

export function register(program: Command, ctx: Context): void {
  const reports = defineGroup(program, 'reports', 'Aggregated booking and revenue figures, and file exports');
  defineOperation(
    reports,
    'show',
    {
      description: 'Show aggregated booking and revenue figures',
      examples: ['tripctl reports show', "tripctl reports show -o json --query 'revenue'"],
      method: 'GET',
      path: '/reports',
      result: { kind: 'object', key: 'report' },
      resource: specs.report,
    },
    ctx,
  );
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
