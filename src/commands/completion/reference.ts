import { referenceMarkdown } from '../../completion/reference.js';
import { describeTree } from '../../completion/tree.js';
import type { ActionFn } from '../../cmdkit/define.js';

export const printReference: ActionFn = async (ctx, { command }) => {
  ctx.io.out(referenceMarkdown(describeTree(command)));
};
