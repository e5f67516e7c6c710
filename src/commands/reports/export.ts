import { fieldsFromFlags } from '../../cmdkit/run-operation.js';
import { REPORT_EXPORT_FLAGS } from './export-flags.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { fileStamp, saveDownload } from '../../cmdkit/save-download.js';
import { paramsFrom } from '../../cmdkit/flags.js';

interface ExportOpts {
  type?: string;
  format?: string;
  file?: string;
  force?: boolean;
  param?: string[];
}

export const exportReport: ActionFn<ExportOpts> = async (ctx, { opts }) => {
  // Required values are asked on a terminal (from their lists), named in one error without one.
  const { query } = await fieldsFromFlags(ctx, { method: 'GET', path: '/reports/export', flags: REPORT_EXPORT_FLAGS }, { ...opts });
  const type = String(query.type);
  const format = String(query.format);
  await saveDownload(
    ctx,
    { method: 'GET', path: '/reports/export', query: { ...paramsFrom(opts), type, format } },
    {
      file: opts.file,
      force: opts.force,
      fallbackName: `${type}-${fileStamp(ctx.now())}.${format}`,
      label: `${type} report`,
    },
  );
};
