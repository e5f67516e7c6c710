import { bashScript } from '../../completion/bash.js';
import { fishScript } from '../../completion/fish.js';
import { describeTree } from '../../completion/tree.js';
import { zshScript } from '../../completion/zsh.js';
import type { ActionFn } from '../../cmdkit/define.js';

const GENERATORS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

export const printScript: ActionFn = async (ctx, { args, command }) => {
  const shell = args[0] as keyof typeof GENERATORS;
  ctx.io.out(GENERATORS[shell](describeTree(command)));
};
