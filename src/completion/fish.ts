// The fish completion script: one `complete` line per verb, flag and positional argument, each
// guarded by the command path the line has reached so far (`__tripctl_at PATH [INDEX]`), which a
// small function works out from the words typed — global flags may stand anywhere.
import { argCodes, oneLine, rows, valuedFlags } from './shared.js';
import { HELP_FLAG, type CommandNode, type FlagNode, type ValueSpec } from './tree.js';

/** Single-quotes text for fish (only \\ and ' are special inside). */
function fq(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The `complete` options that say how a value completes. */
function valueArgs(value: ValueSpec): string {
  switch (value.kind) {
    case 'none':
      return '';
    case 'free':
      return ' -x';
    case 'file':
      return ' -rF';
    case 'dir':
      return " -xa '(__fish_complete_directories)'";
    case 'choices':
      // Quoted one by one: fish would expand `booking.*` as a wildcard.
      return value.list
        ? ` -xa ${fq(`(__tripctl_list ${value.values.map((v) => `'${v}'`).join(' ')})`)}`
        : ` -xa ${fq(value.values.join(' '))}`;
    case 'dynamic':
      return ` -xa '(__tripctl_dynamic ${value.source})'`;
  }
}

function flagLine(flag: FlagNode, condition: string | undefined): string {
  const names = [flag.short ? ` -s ${flag.short.slice(1)}` : '', flag.long ? ` -l ${flag.long.slice(2)}` : ''].join('');
  // An optional value (`--register [url]`) is not taken from the next word.
  const value = flag.placeholder?.startsWith('[') ? '' : valueArgs(flag.value);
  return `complete -c tripctl${condition ? ` -n ${fq(condition)}` : ''}${names}${value} -d ${fq(oneLine(flag.description))}`;
}

export function fishScript(root: CommandNode): string {
  const lines: string[] = [];
  const children: string[] = [];
  for (const { path, node } of rows(root)) {
    lines.push('', `# ${path || 'tripctl'}`);
    for (const sub of node.commands) {
      children.push(
        `        case ${[sub.name, ...sub.aliases].map((n) => fq(`${path}|${n}`)).join(' ')}\n            echo ${fq(sub.name)}`,
      );
      lines.push(`complete -c tripctl -n ${fq(`__tripctl_at '${path}'`)} -a ${fq(sub.name)} -d ${fq(oneLine(sub.description))}`);
    }
    if (path === '') {
      lines.push(`complete -c tripctl -n ${fq("__tripctl_at ''")} -a help -d 'show help for a command'`);
      for (const flag of [...node.flags, HELP_FLAG]) lines.push(flagLine(flag, flag.long === '--version' ? "__tripctl_at ''" : undefined));
      continue;
    }
    for (const flag of node.flags) lines.push(flagLine(flag, `__tripctl_at '${path}'`));
    for (const { index, variadic, arg } of argCodes(node)) {
      if (arg.value.kind === 'free') continue;
      const at = `__tripctl_at '${path}' ${index}${variadic ? '+' : ''}`;
      const value = arg.value.kind === 'file' ? ' -F' : valueArgs(arg.value);
      lines.push(`complete -c tripctl -n ${fq(at)}${value} -d ${fq(arg.name)}`);
    }
  }
  const takesValue = valuedFlags(root).map(({ path, name }) => (path === '' ? `'*|${name}'` : fq(`${path}|${name}`)));

  return `# fish completion for tripctl
# Generated from the command tree by \`tripctl completion fish\` (npm run generate); do not edit.
# Install: tripctl completion fish > ~/.config/fish/completions/tripctl.fish

function __tripctl_child -a key # path|word → the subcommand it names (aliases resolved)
    switch $key
${children.join('\n')}
    end
end

function __tripctl_takes_value -a key # path|flag → whether the flag takes the next word
    switch $key
        case ${takesValue.join(' ')}
            return 0
    end
    return 1
end

function __tripctl_state # prints the command path reached, then how many positionals follow it
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l path ''
    set -l n 0
    set -l skip 0
    set -l help 0
    set -l dashdash 0
    for w in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        if test $dashdash = 0; and string match -qr -- '^-.' $w
            if test $w = --
                set dashdash 1
            else if not string match -q -- '*=*' $w; and __tripctl_takes_value "$path|$w"
                set skip 1
            end
            continue
        end
        if test -z "$path"; and test $help = 0; and test $w = help
            set help 1
            continue
        end
        set -l child (__tripctl_child "$path|$w")
        if test -n "$child"
            set path (string trim -- "$path $child")
        else
            set n (math $n + 1)
        end
    end
    echo $path
    echo $n
end

function __tripctl_at -a want index # true at this path (and, given, at this positional: N or N+)
    set -l state (__tripctl_state)
    test "$state[1]" = "$want"; or return 1
    test -z "$index"; and return 0
    if string match -q -- '*+' $index
        test $state[2] -ge (string trim -r -c + -- $index)
    else
        test $state[2] -eq $index
    end
end

function __tripctl_dynamic -a kind # asks \`tripctl __complete\`, which answers fast or not at all
    set -l tokens (commandline -opc)
    set -l extra
    set -l i (contains -i -- --profile $tokens); and set -a extra --profile $tokens[(math $i + 1)]
    set -l j (contains -i -- --base-url $tokens); and set -a extra --base-url $tokens[(math $j + 1)]
    set -l prefix (string replace -r -- '^--[^=]*=' '' (commandline -ct))
    type -q -- $tokens[1]; or return 0
    $tokens[1] $extra __complete $kind "$prefix" 2>/dev/null
end

function __tripctl_list # a comma-separated list of these values: completes the last item
    set -l done (string match -r -- '^.*,' (string replace -r -- '^--[^=]*=' '' (commandline -ct)))
    for value in $argv
        echo "$done$value"
    end
end

complete -c tripctl -f
${lines.join('\n')}
`;
}
