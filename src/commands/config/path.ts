import type { ActionFn } from '../../cmdkit/define.js';

export const path: ActionFn = async (ctx) => {
  ctx.io.out(`${ctx.config.path}\n`);
};
