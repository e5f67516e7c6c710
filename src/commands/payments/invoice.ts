import { uuid } from '../../input/validate.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { saveDownload } from '../../cmdkit/save-download.js';

export const invoice: ActionFn<{ file?: string; force?: boolean }> = async (ctx, { args, opts }) => {
  const id = uuid('paymentId', args[0] ?? '');
  await saveDownload(
    ctx,
    { method: 'GET', path: `/payments/${id}/invoice.pdf` },
    {
      file: opts.file,
      force: opts.force,
      fallbackName: `invoice-${id}.pdf`,
      label: 'invoice',
    },
  );
};
