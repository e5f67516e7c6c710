import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { REPORT_FORMATS, REPORT_TYPES } from '../../input/choices.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';
import { addFileFlags, addParamFlag } from '../../cmdkit/flags.js';
import { defineOperation } from '../../cmdkit/operation.js';
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
  const exportVerb = defineVerb(reports, 'export', {
    calls: ['GET /reports/export'],
    description: 'Download a report as csv, xlsx or pdf (the path saved is printed on stdout)',
    examples: [
      'tripctl reports export --type bookings --format xlsx',
      'tripctl reports export --type revenue --format csv --file - | head',
    ],
  })
    .addOption(new Option('--type <type>', 'what the report covers (required)').choices(REPORT_TYPES))
    .addOption(new Option('--format <format>', 'file format (required)').choices(REPORT_FORMATS));
  addFileFlags(addParamFlag(exportVerb)).action(lazy(ctx, async () => (await import('./export.js')).exportReport));
}
