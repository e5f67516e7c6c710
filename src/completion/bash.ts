// The bash completion script: the tree as `case` tables, and one function that walks the words
// typed so far (global flags may stand anywhere) to find the command, then offers its verbs,
// flags, a flag's allowed values or a positional argument's. Values that live in the service
// (cities, ids, plates) come from `tripctl __complete KIND PREFIX`, which never blocks for long.
import { argCodes, globalFlags, ownFlags, rows, shq, valuedFlags } from './shared.js';
import { flagNames, type CommandNode } from './tree.js';

function caseTable(name: string, comment: string, entries: Array<[string[], string]>): string {
  const lines = entries.map(([patterns, value]) => `    ${patterns.join('|')}) r=${shq(value)} ;;`);
  return [`${name}() { # ${comment}`, '  case "$1" in', ...lines, "    *) r='' ;;", '  esac', '}'].join('\n');
}

export function bashScript(root: CommandNode): string {
  const all = rows(root);
  const children: Array<[string[], string]> = [];
  const words: Array<[string[], string]> = [];
  const flags: Array<[string[], string]> = [];
  const args: Array<[string[], string]> = [];
  for (const { path, node } of all) {
    for (const sub of node.commands) children.push([[sub.name, ...sub.aliases].map((n) => shq(`${path}|${n}`)), sub.name]);
    if (node.commands.length) words.push([[shq(path)], [...node.commands.map((c) => c.name), ...(path === '' ? ['help'] : [])].join(' ')]);
    flags.push([[shq(path)], ownFlags(root, node).flatMap(flagNames).join(' ')]);
    for (const { index, variadic, code } of argCodes(node)) {
      if (code === 'free') continue;
      args.push([[variadic ? `${shq(`${path}|`)}*` : shq(`${path}|${index}`)], code]);
    }
  }
  flags.push([["'.'"], globalFlags(root).flatMap(flagNames).join(' ')]);
  const values: Array<[string[], string]> = valuedFlags(root).map(({ path, name, code }) => [
    [path === '' ? `*${shq(`|${name}`)}` : shq(`${path}|${name}`)],
    code,
  ]);

  return `# bash completion for tripctl
# Generated from the command tree by \`tripctl completion bash\` (npm run generate); do not edit.
# Install: source it from ~/.bashrc — source <(tripctl completion bash) — or copy it to
# ~/.local/share/bash-completion/completions/tripctl.

${caseTable('_tripctl_child', 'path|word → the subcommand it names (aliases resolved)', children)}

${caseTable('_tripctl_words', 'path → its subcommands', words)}

${caseTable('_tripctl_flags', "path → its own flags; '.' → the global ones", flags)}

${caseTable('_tripctl_value', "path|flag → how the flag's value completes ('' when it takes none)", values)}

${caseTable('_tripctl_arg', 'path|index → how the positional argument completes', args)}

_tripctl_reply() { # candidates on stdin, one a line → COMPREPLY
  local line
  COMPREPLY=()
  while IFS= read -r line; do COMPREPLY+=("$line"); done
}

_tripctl_dynamic() { # kind prefix: asks \`tripctl __complete\`, which answers fast or not at all
  local line
  local -a extra=()
  [[ -n $_tripctl_profile ]] && extra+=(--profile "$_tripctl_profile")
  [[ -n $_tripctl_base_url ]] && extra+=(--base-url "$_tripctl_base_url")
  COMPREPLY=()
  while IFS= read -r line; do
    line=\${line%%$'\\t'*}
    [[ -n $line && $line == "$2"* ]] && COMPREPLY+=("$(printf '%q' "$line")")
  done < <("\${COMP_WORDS[0]}" "\${extra[@]}" __complete "$1" "$2" 2>/dev/null)
}

_tripctl_values() { # value-code prefix
  local cur=$2
  case $1 in
    one:*) _tripctl_reply < <(compgen -W "\${1#one:}" -- "$cur") ;;
    list:*)
      local done=
      [[ $cur == *,* ]] && done=\${cur%,*},
      _tripctl_reply < <(compgen -P "$done" -W "\${1#list:}" -- "\${cur##*,}")
      compopt -o nospace 2>/dev/null ;;
    file) compopt -o filenames 2>/dev/null; _tripctl_reply < <(compgen -f -- "$cur") ;;
    dir) compopt -o filenames 2>/dev/null; _tripctl_reply < <(compgen -d -- "$cur") ;;
    dyn:*) _tripctl_dynamic "\${1#dyn:}" "\${cur//\\\\/}" ;;
    *) COMPREPLY=() ;;
  esac
}

_tripctl() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  local cmdpath='' r='' w='' i=1 n=0 help='' dashdash='' flag=''
  local _tripctl_profile='' _tripctl_base_url=''
  COMPREPLY=()
  while (( i < COMP_CWORD )); do
    w=\${COMP_WORDS[i]}
    i=$((i + 1))
    # bash splits "k=v" at '=' into three words: the '=' and what follows belong to the word before.
    if [[ $w == = ]]; then i=$((i + 1)); continue; fi
    if [[ -z $dashdash && $w == -?* ]]; then
      [[ $w == -- ]] && { dashdash=1; continue; }
      _tripctl_value "$cmdpath|$w"
      # A switch, or --flag=value given as one word.
      [[ -z $r ]] && continue
      local v=''
      if [[ \${COMP_WORDS[i]} == = ]]; then v=\${COMP_WORDS[i+1]}; i=$((i + 2))
      elif [[ $w != *=* ]]; then v=\${COMP_WORDS[i]}; i=$((i + 1))
      fi
      (( i <= COMP_CWORD )) || continue
      [[ $w == --profile ]] && _tripctl_profile=$v
      [[ $w == --base-url ]] && _tripctl_base_url=$v
      continue
    fi
    if [[ -z $cmdpath && -z $help && $w == help ]]; then help=1; continue; fi
    _tripctl_child "$cmdpath|$w"
    if [[ -n $r ]]; then cmdpath=\${cmdpath:+$cmdpath }$r; else n=$((n + 1)); fi
  done

  # A flag's value: "--flag VALUE", "--flag=VALUE" (bash makes '=' a word) or "--flag=".
  if [[ $cur == = ]]; then flag=$prev; cur=''
  elif [[ $prev == = ]]; then flag=\${COMP_WORDS[COMP_CWORD-2]}
  elif [[ -z $dashdash && $prev == -?* ]]; then flag=$prev
  fi
  if [[ -n $flag && -z $help ]]; then
    _tripctl_value "$cmdpath|$flag"
    if [[ -n $r ]]; then _tripctl_values "$r" "$cur"; return 0; fi
  fi
  if [[ -z $dashdash && -z $help && $cur == -* ]]; then
    _tripctl_flags "$cmdpath"
    w=$r
    _tripctl_flags .
    _tripctl_reply < <(compgen -W "$w $r" -- "$cur")
    return 0
  fi
  _tripctl_words "$cmdpath"
  if [[ -n $r ]]; then _tripctl_reply < <(compgen -W "$r" -- "$cur"); return 0; fi
  [[ -n $help ]] && return 0
  _tripctl_arg "$cmdpath|$n"
  _tripctl_values "$r" "$cur"
  return 0
}

complete -F _tripctl tripctl
`;
}
