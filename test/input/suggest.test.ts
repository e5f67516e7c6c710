// Did-you-mean: the nearest known values to a near miss, and nothing for a value far from all.
import { expect, test } from 'vitest';
import { choice } from '../../src/input/choices.js';
import { didYouMean, editDistance, nearest } from '../../src/input/suggest.js';

test('edit distance counts a swap of neighbours as one edit', () => {
  expect(editDistance('publised', 'published')).toBe(1);
  expect(editDistance('aproved', 'approved')).toBe(1);
  expect(editDistance('reqeusted', 'requested')).toBe(1);
  expect(editDistance('', 'abc')).toBe(3);
});

test('only the nearest are suggested, ties kept; a far value gets none', () => {
  const events = ['booking.approved', 'booking.updated', 'booking.created'];
  expect(nearest('booking.aproved', events, (e) => [e])).toEqual(['booking.approved']);
  expect(nearest('bsh', ['bash', 'zsh', 'fish'], (s) => [s])).toEqual(['bash', 'zsh']);
  expect(nearest('invoice', ['csv', 'xlsx', 'pdf'], (s) => [s])).toEqual([]);
  expect(didYouMean(['bash', 'zsh'])).toBe("did you mean 'bash' or 'zsh'?");
  expect(didYouMean([])).toBe('');
});

test('choice: any case gives the list’s spelling; a miss names the nearest and the list', () => {
  expect(choice('--status', 'Published', ['published', 'cancelled'])).toBe('published');
  expect(() => choice('--status', 'publised', ['published', 'cancelled'])).toThrow(
    "--status: 'publised' is not a known value; did you mean 'published'?",
  );
  expect(() => choice('output', 'JSON', ['json', 'csv'], 'output format', true)).toThrow("did you mean 'json'?");
});
