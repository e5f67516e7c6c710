import { usageError } from '../../errors.js';
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
  const missing = [opts.type === undefined && '--type', opts.format === undefined && '--format'].filter(Boolean);
  if (missing.length) throw usageError(`missing ${missing.join(', ')}`, 'e.g. --type bookings --format xlsx');
  await saveDownload(
    ctx,
    { method: 'GET', path: '/reports/export', query: { ...paramsFrom(opts), type: opts.type!, format: opts.format! } },
    {
      file: opts.file,
      force: opts.force,
      fallbackName: `${opts.type}-${fileStamp(ctx.now())}.${opts.format}`,
      label: `${opts.type} report`,
    },
  );
};
