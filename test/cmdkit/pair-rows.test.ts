// How rows pair with the objects they stand for (cmdkit/import-plan.ts pairRows): exact identities
// first, then within a group the nearest times first, and a tie reported rather than guessed.
import { describe, expect, it } from 'vitest';
import { type Pairable, pairRows } from '../../src/cmdkit/import-plan.js';

const H = 3_600_000;
/** An item of group `g` at hour `h`; its exact identity is the group and the hour. */
const at = (h: number, g = 'bus|dam|homs|day'): Pairable => ({ key: `${g}@${h}`, group: g, at: h * H });

describe('pairRows', () => {
  it('pairs exact identities first, then moves within a group nearest first', () => {
    // Trips at 8, 10 and 17; the sheet has 8 (same), 10:30 and 16:00.
    const result = pairRows([at(8), at(10.5), at(16)], [at(8), at(10), at(17)]);
    expect([...result.exact]).toEqual([[0, 0]]);
    expect([...result.moved]).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(result.ambiguous.size).toBe(0);
  });

  it('never pairs across groups (another vehicle, route or day)', () => {
    const result = pairRows([at(10, 'bus|homs|dam|day')], [at(10)]);
    expect(result.exact.size + result.moved.size + result.ambiguous.size).toBe(0);
  });

  it('a trip as near to two rows is neither row: both are reported with it', () => {
    const result = pairRows([at(9.5), at(10.5)], [at(10)]);
    expect(result.moved.size).toBe(0);
    expect([...result.ambiguous]).toEqual([
      [0, [0]],
      [1, [0]],
    ]);
  });

  it('a row as near to two trips is neither trip; the pairs after it still pair', () => {
    const result = pairRows([at(10), at(20)], [at(9.5), at(10.5), at(21)]);
    expect([...result.ambiguous]).toEqual([[0, [0, 1]]]);
    expect([...result.moved]).toEqual([[1, 2]]);
  });

  it('a row without identity (it names its object by id) is left out', () => {
    const result = pairRows([undefined, at(8)], [at(8)]);
    expect([...result.exact]).toEqual([[1, 0]]);
  });
});
