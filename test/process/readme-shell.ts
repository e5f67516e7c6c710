// The README's shell examples as the runner sees them: fenced `sh` and `console` blocks, their
// command lines (a `$ ` prompt dropped, `\` continuations joined, comments cut), and a marker for
// the few blocks that are not meant to run: a first line `# not run: <why>`.

export interface Block {
  /** 1-based line of the opening fence. */
  line: number;
  /** The heading the block stands under (`#### \`tripctl trips list [flags]\``). */
  heading: string;
  /** Why the block is not run, when its first line says so. */
  notRun?: string;
  commands: Array<{ line: number; text: string }>;
  /** The block's text as a shell script (`sh` blocks as written; `console` blocks, their commands). */
  script: string;
}

export function shellBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    if (/^#{1,6} /.test(lines[i]!)) heading = lines[i]!;
    const fence = /^```(sh|console)\s*$/.exec(lines[i]!);
    if (!fence) continue;
    const block: Block = { line: i + 1, heading, commands: [], script: '' };
    const body: Array<{ line: number; text: string }> = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push({ line: i + 1, text: lines[i]! });
    const first = body.find((entry) => entry.text.trim() !== '');
    const marker = first && /^#\s*not run:\s*(.+)$/.exec(first.text.trim());
    if (marker) block.notRun = marker[1];
    let pending: { line: number; text: string } | undefined;
    for (const entry of body) {
      let text = fence[1] === 'console' ? (entry.text.startsWith('$ ') ? entry.text.slice(2) : '') : entry.text;
      if (pending) text = `${pending.text} ${text.trim()}`;
      const start = pending?.line ?? entry.line;
      pending = undefined;
      if (text.endsWith('\\')) {
        pending = { line: start, text: text.slice(0, -1) };
        continue;
      }
      const command = withoutComment(text).trim();
      if (command) block.commands.push({ line: start, text: command });
    }
    block.script =
      fence[1] === 'sh' ? body.map((entry) => entry.text).join('\n') : block.commands.map((command) => command.text).join('\n');
    blocks.push(block);
  }
  return blocks;
}

/** The line without a trailing `# comment` (a `#` outside quotes, at the start or after a space). */
export function withoutComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) return text.slice(0, i);
  }
  return text;
}

/**
 * The words of a simple command (quotes removed), or undefined when the line needs a shell:
 * pipes, redirections, substitutions, variables, globs, several commands.
 */
export function simpleWords(text: string): string[] | undefined {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '$' || c === '`') return undefined;
      else if (c === '\\' && /["\\$`]/.test(text[i + 1] ?? '')) word += text[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else if (/[|&;<>()$`*?[\]~{}]/.test(c)) {
      return undefined;
    } else if (c === '\\') {
      word += text[++i] ?? '';
      inWord = true;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) return undefined;
  if (inWord) words.push(word);
  return words;
}
