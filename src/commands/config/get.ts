import type { ActionFn } from '../../cmdkit/define.js';
import { settingFor, rowsOf } from './rows.js';

export const get: ActionFn = async (ctx, { args }) => {
  const key = args[0] as string;
  const row = rowsOf(ctx.selection().profile).find((r) => r.key === key);
  if (!row) settingFor(key);
  if (row?.value !== null && row?.value !== undefined) ctx.io.out(`${row.value}\n`);
};
