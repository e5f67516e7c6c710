// The command reference, generated from the commander tree (`tripctl help reference`, as
// `gh help reference`): global flags, then every group and verb with its usage, description, flags
// (placeholders, allowed values, defaults) and examples. The README test runs its examples.
import { allCommands, type ArgNode, type CommandNode, type FlagNode } from './tree.js';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function flagCell(flag: FlagNode): string {
  const names = [flag.short, flag.long].filter(Boolean).join(', ');
  return `\`${names}${flag.placeholder ? ` ${flag.placeholder}` : ''}\``;
}

function flagMeaning(flag: FlagNode): string {
  let text = flag.description;
  if (flag.value.kind === 'choices' && !flag.value.list) text += ` — one of: ${flag.value.values.map((v) => `\`${v}\``).join(', ')}`;
  if (flag.defaultValue !== undefined) text += ` (default: \`${flag.defaultValue}\`)`;
  return cell(text);
}

function flagTable(flags: FlagNode[]): string[] {
  if (flags.length === 0) return [];
  return ['| flag | meaning |', '| --- | --- |', ...flags.map((flag) => `| ${cell(flagCell(flag))} | ${flagMeaning(flag)} |`), ''];
}

function argText(arg: ArgNode): string {
  const name = `${arg.name}${arg.variadic ? '...' : ''}`;
  const shown = arg.value.kind === 'choices' ? arg.value.values.join('|') : name;
  return arg.required ? `<${shown}>` : `[${shown}]`;
}

function usage(node: CommandNode): string {
  return ['tripctl', ...node.path, ...node.args.map(argText), ...(node.flags.length ? ['[flags]'] : [])].join(' ');
}

function verbSection(node: CommandNode): string[] {
  const aliases = node.aliases.length ? ` (alias: ${node.aliases.map((a) => `\`${a}\``).join(', ')})` : '';
  return [
    `#### \`${usage(node)}\`${aliases}`,
    '',
    cell(node.description),
    '',
    ...flagTable(node.flags),
    ...(node.examples.length ? ['```sh', ...node.examples, '```', ''] : []),
  ];
}

export function referenceMarkdown(root: CommandNode): string {
  const out: string[] = [
    '# tripctl command reference',
    '',
    'Generated from the command tree by `tripctl help reference`. `tripctl help GROUP VERB` shows one verb.',
    '',
    '### Global flags',
    '',
    'They may stand anywhere on the line. `-h, --help` works on every command.',
    '',
    ...flagTable(root.flags),
  ];
  for (const node of root.commands) {
    if (node.commands.length === 0) {
      out.push(`### \`tripctl ${node.name}\``, '', ...verbSection(node));
      continue;
    }
    const aliases = node.aliases.length ? ` (alias: ${node.aliases.map((a) => `\`${a}\``).join(', ')})` : '';
    out.push(`### \`tripctl ${node.name}\`${aliases}`, '', cell(node.description), '');
    for (const sub of allCommands(node)) {
      if (sub.commands.length) out.push(`${cell(`\`tripctl ${sub.path.join(' ')}\`: ${sub.description}`)}`, '');
      else out.push(...verbSection(sub));
    }
  }
  while (out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}
