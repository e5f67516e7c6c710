import { bashScript } from '../../completion/bash.js';
import { complete, formatCandidates } from '../../completion/dynamic.js';
import { fishScript } from '../../completion/fish.js';
import { referenceMarkdown } from '../../completion/reference.js';
import { describeTree } from '../../completion/tree.js';
import { zshScript } from '../../completion/zsh.js';
import type { ActionFn } from '../../cmdkit/define.js';

const GENERATORS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

export const printScript: ActionFn = async (ctx, { args, command }) => {
  const shell = args[0] as keyof typeof GENERATORS;
  ctx.io.out(GENERATORS[shell](describeTree(command)));
};

export const completeValues: ActionFn = async (ctx, { args }) => {
  const [kind, prefix] = args;
  ctx.io.out(formatCandidates(await complete(ctx, kind ?? '', prefix ?? '')));
  return 0;
};

export const printReference: ActionFn = async (ctx, { command }) => {
  ctx.io.out(referenceMarkdown(describeTree(command)));
};
