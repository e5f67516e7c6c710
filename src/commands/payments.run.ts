import { uuid } from '../input/validate.js';
import type { ActionFn } from './define.js';
import { saveDownload } from './download.run.js';

export const invoice: ActionFn<{ file?: string; force?: boolean }> = async (ctx, { args, opts }) => {
  const id = uuid('paymentId', args[0] ?? '');
  await saveDownload(ctx, { method: 'GET', path: `/payments/${id}/invoice.pdf` }, {
    file: opts.file,
    force: opts.force,
    fallbackName: `invoice-${id}.pdf`,
    label: 'invoice',
  });
};
