// The zsh completion script: the same walk as the bash script, with descriptions beside every
// verb, flag and dynamic value (`_describe`), files through `_files`, and comma lists through
// `compset`. Loaded from $fpath (as `_tripctl`) or sourced after compinit.
import { argCodes, globalFlags, ownFlags, oneLine, rows, shq, valuedFlags } from './shared.js';
import { flagNames, type CommandNode, type FlagNode } from './tree.js';

function caseTable(name: string, comment: string, variable: 'r' | 'reply', entries: Array<[string[], string | string[]]>): string {
  const lines = entries.map(([patterns, value]) =>
    variable === 'r'
      ? `    ${patterns.join('|')}) r=${shq(value as string)} ;;`
      : `    ${patterns.join('|')}) reply=(\n      ${(value as string[]).map(shq).join('\n      ')}\n    ) ;;`,
  );
  const fallback = variable === 'r' ? "    *) r='' ;;" : '    *) reply=() ;;';
  return [`${name}() { # ${comment}`, '  case "$1" in', ...lines, fallback, '  esac', '}'].join('\n');
}

const escapeName = (name: string) => name.replace(/:/g, '\\:');
const described = (flags: FlagNode[]) =>
  flags.flatMap((flag) => flagNames(flag).map((name) => `${escapeName(name)}:${oneLine(flag.description)}`));

export function zshScript(root: CommandNode): string {
  const children: Array<[string[], string]> = [];
  const words: Array<[string[], string[]]> = [];
  const flags: Array<[string[], string[]]> = [];
  const args: Array<[string[], string]> = [];
  for (const { path, node } of rows(root)) {
    for (const sub of node.commands) children.push([[sub.name, ...sub.aliases].map((n) => shq(`${path}|${n}`)), sub.name]);
    if (node.commands.length) {
      const entries = node.commands.map((c) => `${escapeName(c.name)}:${oneLine(c.description)}`);
      if (path === '') entries.push('help:show help for a command');
      words.push([[shq(path)], entries]);
    }
    flags.push([[shq(path)], described(ownFlags(root, node))]);
    for (const { index, variadic, code } of argCodes(node)) {
      if (code === 'free') continue;
      args.push([[variadic ? `${shq(`${path}|`)}*` : shq(`${path}|${index}`)], code]);
    }
  }
  flags.push([["'.'"], described(globalFlags(root))]);
  const values: Array<[string[], string]> = valuedFlags(root).map(({ path, name, code }) => [
    [path === '' ? `*${shq(`|${name}`)}` : shq(`${path}|${name}`)],
    code,
  ]);

  return `#compdef tripctl
# zsh completion for tripctl
# Generated from the command tree by \`tripctl completion zsh\` (npm run generate); do not edit.
# Install: tripctl completion zsh > "\${fpath[1]}/_tripctl" (then restart zsh), or, after compinit
# in ~/.zshrc: source <(tripctl completion zsh)

${caseTable('_tripctl_child', 'path|word → the subcommand it names (aliases resolved)', 'r', children)}

${caseTable('_tripctl_words', 'path → its subcommands, name:description', 'reply', words)}

${caseTable('_tripctl_flags', "path → its own flags; '.' → the global ones (name:description)", 'reply', flags)}

${caseTable('_tripctl_value', "path|flag → how the flag's value completes ('' when it takes none)", 'r', values)}

${caseTable('_tripctl_arg', 'path|index → how the positional argument completes', 'r', args)}

_tripctl_dynamic() { # kind prefix: asks \`tripctl __complete\`, which answers fast or not at all
  local line value desc
  local -a extra entries
  [[ -n $_tripctl_profile ]] && extra+=(--profile "$_tripctl_profile")
  [[ -n $_tripctl_base_url ]] && extra+=(--base-url "$_tripctl_base_url")
  for line in "\${(@f)$("\${words[1]}" "\${extra[@]}" __complete "$1" "$2" 2>/dev/null)}"; do
    [[ -z $line ]] && continue
    value=\${line%%$'\\t'*}
    desc=\${line#*$'\\t'}
    [[ $desc == "$line" ]] && desc=''
    entries+=("\${value//:/\\\\:}\${desc:+:$desc}")
  done
  (( \${#entries} )) && _describe -t values 'value' entries
}

_tripctl_values() { # value-code prefix
  case $1 in
    one:*) local -a vals; vals=(\${=1#one:}); compadd -a vals ;;
    list:*) local -a vals; vals=(\${=1#list:}); compset -P '*,'; compadd -q -S , -a vals ;;
    file) _files ;;
    dir) _files -/ ;;
    dyn:*) _tripctl_dynamic "\${1#dyn:}" "$2" ;;
    *) return 1 ;;
  esac
}

_tripctl() {
  local cmdpath='' r='' w='' help='' dashdash='' flag='' cur=\${words[CURRENT]} prev=\${words[CURRENT-1]}
  local _tripctl_profile='' _tripctl_base_url=''
  local -a reply
  integer i=2 n=0
  while (( i < CURRENT )); do
    w=\${words[i]}
    (( i++ ))
    if [[ -z $dashdash && $w == -?* ]]; then
      if [[ $w == -- ]]; then dashdash=1; continue; fi
      if [[ $w == --*=* ]]; then
        [[ \${w%%=*} == --profile ]] && _tripctl_profile=\${w#*=}
        [[ \${w%%=*} == --base-url ]] && _tripctl_base_url=\${w#*=}
        continue
      fi
      _tripctl_value "$cmdpath|$w"
      [[ -z $r ]] && continue
      if (( i < CURRENT )); then
        [[ $w == --profile ]] && _tripctl_profile=\${words[i]}
        [[ $w == --base-url ]] && _tripctl_base_url=\${words[i]}
      fi
      (( i++ ))
      continue
    fi
    if [[ -z $cmdpath && -z $help && $w == help ]]; then help=1; continue; fi
    _tripctl_child "$cmdpath|$w"
    if [[ -n $r ]]; then cmdpath=\${cmdpath:+$cmdpath }$r; else (( n++ )); fi
  done

  # A flag's value: "--flag VALUE" or "--flag=VALUE".
  if [[ -z $dashdash && -z $help && $cur == --*=* ]]; then
    _tripctl_value "$cmdpath|\${cur%%=*}"
    if [[ -n $r ]]; then compset -P '*='; _tripctl_values "$r" "\${cur#*=}"; return; fi
  elif [[ -z $dashdash && -z $help && $prev == -?* ]]; then
    _tripctl_value "$cmdpath|$prev"
    if [[ -n $r ]]; then _tripctl_values "$r" "$cur"; return; fi
  fi
  if [[ -z $dashdash && -z $help && $cur == -* ]]; then
    _tripctl_flags "$cmdpath"
    local -a own
    own=("\${reply[@]}")
    _tripctl_flags .
    reply=("\${own[@]}" "\${reply[@]}")
    _describe -t options 'option' reply
    return
  fi
  _tripctl_words "$cmdpath"
  if (( \${#reply} )); then _describe -t commands 'command' reply; return; fi
  [[ -n $help ]] && return 1
  _tripctl_arg "$cmdpath|$n"
  _tripctl_values "$r" "$cur"
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _tripctl "$@"
else
  compdef _tripctl tripctl
fi
`;
}
