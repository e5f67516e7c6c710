import { complete, formatCandidates } from '../../completion/dynamic.js';
import type { ActionFn } from '../../cmdkit/define.js';

export const completeValues: ActionFn = async (ctx, { args }) => {
  const [kind, prefix] = args;
  ctx.io.out(formatCandidates(await complete(ctx, kind ?? '', prefix ?? '')));
  return 0;
};
