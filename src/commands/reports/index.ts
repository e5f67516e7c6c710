import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';
import { addFileFlags, addParamFlag } from '../../cmdkit/flags.js';
import { addFlagOptions, defineOperation } from '../../cmdkit/operation.js';
import { REPORT_EXPORT_FLAGS } from './export-flags.js';
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
    assistant: { notOffered: 'a file download (CSV, XLSX or PDF); `reports show` gives the figures as data' },
    calls: ['GET /reports/export'],
    description: 'Download a report as csv, xlsx or pdf (the path saved is printed on stdout)',
    examples: [
      'tripctl reports export --type bookings --format xlsx',
      'tripctl reports export --type revenue --format csv --file - | head',
    ],
  });
  addFileFlags(addParamFlag(addFlagOptions(exportVerb, REPORT_EXPORT_FLAGS))).action(
    lazy(ctx, async () => (await import('./export.js')).exportReport),
  );
}
