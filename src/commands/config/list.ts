import { specs } from '../../output/specs.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { rowsOf } from './rows.js';

export const list: ActionFn = async (ctx) => {
  await ctx.renderer().list([rowsOf(ctx.selection().profile)], specs.setting);
};
