// A run registers only the group its command line names (start-up cost), so each group's
// declared names must be exactly what its registration adds, and the choice must be right.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { GROUPS, groupsFor } from '../../src/cli.js';
import { testContext } from '../support/context.js';

describe('group registration', () => {
  it.each(GROUPS.map((g) => [g.names.join(','), g] as const))('%s registers exactly its declared names', async (_names, group) => {
    const t = testContext();
    const program = new Command('tripctl');
    (await group.load()).register(program, t.ctx);
    t.cleanup();
    const added = program.commands.flatMap((c) => [c.name(), ...c.aliases()]);
    expect(added.sort()).toEqual([...group.names].sort());
  });

  it('no two groups claim a name', () => {
    const names = GROUPS.flatMap((g) => g.names);
    expect(new Set(names).size).toBe(names.length);
  });

  it('picks the group past global options and their values', () => {
    const names = (argv: string[]) => groupsFor(argv).flatMap((g) => g.names);
    expect(names(['--profile', 'live', '-o', 'json', 'fleet', 'list'])).toEqual(['vehicles', 'fleet']);
    expect(names(['--json', 'dashboard'])).toEqual(['dashboard']);
    expect(names(['help', 'bookings', 'approve'])).toEqual(['bookings']);
    expect(names(['--version'])).toEqual([]);
    expect(groupsFor(['trpis'])).toBe(GROUPS); // a typo needs every name for suggestions
    expect(groupsFor([])).toBe(GROUPS);
    expect(groupsFor(['--help'])).toBe(GROUPS);
    expect(groupsFor(undefined)).toBe(GROUPS);
    expect(groupsFor(['completion', 'bash'])).toBe(GROUPS); // the script describes the whole tree
    expect(groupsFor(['__reference'])).toBe(GROUPS);
    expect(names(['__complete', 'cities'])).toEqual(['completion', '__complete', '__reference', '__licenses']);
    expect(names(['__licenses'])).toEqual(['completion', '__complete', '__reference', '__licenses']); // `help licenses`: its group alone
  });

  it('a typo still gets a suggestion, and root help lists every group', async () => {
    const typo = testContext();
    expect(await typo.run(['bookngs', 'list'])).toBe(2);
    expect(typo.err()).toMatch(/Did you mean bookings\?/);
    typo.cleanup();
    const help = testContext();
    expect(await help.run(['--help'])).toBe(0);
    for (const name of GROUPS.flatMap((g) => g.names).filter((n) => !n.startsWith('__') && n !== 'fleet'))
      expect(help.out()).toContain(name);
    help.cleanup();
  });
});
