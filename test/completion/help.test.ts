// Help quality over the whole tree: every group and verb has a description, every verb's help
// shows at least one example, `tripctl help GROUP VERB` prints what `GROUP VERB --help` prints,
// and every flag with allowed values lists them in help.
import { describe, expect, it } from 'vitest';
import { allCommands, type CommandNode } from '../../src/completion/tree.js';
import { runInProcess } from '../support/context.js';
import { currentTree } from './support.js';

const tree = await currentTree();
const commands = allCommands(tree);
const verbs = commands.filter((node) => node.commands.length === 0);
const groups = commands.filter((node) => node.commands.length > 0);
const name = (node: CommandNode) => node.path.join(' ');

async function help(argv: string[]): Promise<string> {
  const result = await runInProcess(argv);
  expect(result.code, `tripctl ${argv.join(' ')} exits 0`).toBe(0);
  expect(result.stderr).toBe('');
  return result.stdout;
}

describe('help', () => {
  it('covers a tree of real size (the walk found the groups and verbs)', () => {
    expect(groups.map(name)).toEqual(expect.arrayContaining(['trips', 'bookings', 'schedules', 'schedules exceptions', 'members']));
    expect(verbs.length).toBeGreaterThan(40);
  });

  it('gives every group and verb a description', () => {
    const missing = commands.filter((node) => node.description.trim().length < 8).map(name);
    expect(missing, 'commands without a description').toEqual([]);
  });

  it('shows at least one example in every verb’s help', () => {
    const missing = verbs
      .filter((node) => node.examples.length === 0 || !node.examples.every((e) => /(^|[\s(|"])tripctl /.test(e)))
      .map(name);
    expect(missing, 'verbs whose help has no `Examples:` running tripctl').toEqual([]);
  });

  it('prints the same for `tripctl help GROUP VERB` as for `GROUP VERB --help`, with description and examples', async () => {
    for (const verb of verbs) {
      const byFlag = await help([...verb.path, '--help']);
      const byCommand = await help(['help', ...verb.path]);
      expect(byCommand, `tripctl help ${name(verb)}`).toBe(byFlag);
      expect(byFlag.replace(/\s+/g, ' ')).toContain(verb.description.replace(/\s+/g, ' '));
      expect(byFlag, `tripctl ${name(verb)} --help`).toMatch(/\nExamples:\n {2}\$ /);
    }
  });

  it('lists the allowed values of every flag that has them, and the defaults', async () => {
    let checked = 0;
    for (const verb of verbs) {
      const withChoices = verb.flags.filter((flag) => flag.value.kind === 'choices' && !flag.value.list);
      const withDefaults = verb.flags.filter((flag) => flag.defaultValue !== undefined);
      if (withChoices.length === 0 && withDefaults.length === 0) continue;
      const text = (await help([...verb.path, '--help'])).replace(/\s+/g, ' ');
      for (const flag of withChoices) {
        if (flag.value.kind !== 'choices') continue;
        // Commander prints (choices: "a", "b") for declared choices; open sets name them in the description.
        const listed =
          text.includes(`(choices: ${flag.value.values.map((v) => `"${v}"`).join(', ')})`) ||
          flag.value.values.every((v) => text.includes(v));
        expect(listed, `${name(verb)} ${flag.long} lists ${flag.value.values.join(', ')}`).toBe(true);
        checked += 1;
      }
      for (const flag of withDefaults) {
        expect(text, `${name(verb)} ${flag.long} shows its default`).toContain(
          `(default: ${JSON.stringify(Number.isNaN(Number(flag.defaultValue)) ? flag.defaultValue : Number(flag.defaultValue))})`,
        );
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('passes the choices of data-declared flags (FieldFlag.choices) to commander', async () => {
    expect((await help(['members', 'add', '--help'])).replace(/\s+/g, ' ')).toContain('(choices: "admin", "staff", "driver")');
    expect((await help(['schedules', 'create', '--help'])).replace(/\s+/g, ' ')).toContain('(choices: "daily", "weekly", "interval")');
    expect((await help(['reports', 'export', '--help'])).replace(/\s+/g, ' ')).toContain('(choices: "csv", "xlsx", "pdf")');
    expect((await help(['--help'])).replace(/\s+/g, ' ')).toContain('(choices: "table", "json", "ndjson", "csv", "ids")');
  });

  it('treats an unknown verb after `help` as a usage error naming the known ones', async () => {
    const result = await runInProcess(['help', 'trips', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'nope'");
    expect(result.stderr).toContain('publish');
  });
});
