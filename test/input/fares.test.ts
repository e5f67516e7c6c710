// The fare guard's rule on its own: the usual fare is the median, and a fare more than five times
// above or below it is held; exactly five times is not.
import { describe, expect, it } from 'vitest';
import { unusualFare, usualFare } from '../../src/input/fares.js';

describe('the fare rule', () => {
  it('takes the median as the usual fare, so one odd fare does not move it', () => {
    expect(usualFare([1_200_000, 1_250_000, 1_200_000, 3_800, 1_300_000])).toBe(1_200_000);
    expect(usualFare([1_000_000, 2_000_000])).toBe(1_000_000);
    expect(usualFare([])).toBeUndefined();
    expect(usualFare([0])).toBeUndefined();
  });

  it('holds a fare more than five times below or above, and passes one within', () => {
    const route = [1_200_000, 1_200_000, 1_500_000];
    expect(unusualFare(3_800, route)).toEqual({ usual: 1_200_000, above: false });
    expect(unusualFare(120_000_000, route)).toEqual({ usual: 1_200_000, above: true });
    expect(unusualFare(240_000, route)).toBeUndefined();
    expect(unusualFare(239_999, route)).toEqual({ usual: 1_200_000, above: false });
    expect(unusualFare(6_000_000, route)).toBeUndefined();
    expect(unusualFare(6_000_001, route)).toEqual({ usual: 1_200_000, above: true });
    expect(unusualFare(3_800, [])).toBeUndefined();
  });
});
