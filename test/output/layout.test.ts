// Why tripctl draws its table rows itself rather than with cli-table3, the table library the design
// card names: cli-table3 measures a cell with string-width 4, which counts each Arabic vowel mark
// (a combining mark that takes no column on a terminal) as a column. Given the widths the fitting
// chose, it pads a vowelled name short, and every column after it starts too early. The test keeps
// the claim honest: if a cli-table3 release measures right, this fails and it can draw the rows.
import Table from 'cli-table3';
import { expect, test } from 'vitest';
import { displayWidth, layoutTable } from '../../src/output/layout.js';

const VOWELLED = 'مُحَمَّد'; // 4 letters, 4 marks: 4 columns on a terminal
const PLAIN = 'محمد';
const EMOJI = '👨‍👩‍👧 family';

/** The display column where `marker` starts on each line. */
const columnOf = (lines: string[], marker: string) => lines.map((line) => displayWidth(line.slice(0, line.indexOf(marker))));

test('cli-table3, given the widths, misplaces the column after a vowelled Arabic name', () => {
  const table = new Table({
    colWidths: [12, 4],
    wordWrap: false,
    chars: { left: '', right: '', middle: '  ', top: '', bottom: '', 'top-left': '', 'top-mid': '', 'top-right': '' },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  table.push([VOWELLED, 'x1'], [PLAIN, 'x2'], [EMOJI, 'x3']);
  const lines = table
    .toString()
    .split('\n')
    .filter((line) => /x\d/.test(line));
  const starts = [columnOf(lines, 'x1')[0], columnOf(lines, 'x2')[1], columnOf(lines, 'x3')[2]];
  // The plain name and the emoji line up; the vowelled name's row is 4 columns short.
  expect(starts[1]).toBe(starts[2]);
  expect(starts[0]).toBe(starts[1]! - 4);
});

test("tripctl's rows line up whatever the script: vowelled Arabic, plain Arabic, emoji", () => {
  const table = layoutTable(
    [{ header: 'NAME' }, { header: 'SEATS' }],
    [
      [VOWELLED, '1'],
      [PLAIN, '2'],
      [EMOJI, '3'],
    ],
    80,
  )!;
  const starts = table.lines.map((line) => displayWidth(line.slice(0, line.search(/SEATS|\d$/))));
  expect(new Set(starts).size).toBe(1);
  expect(starts[0]).toBe(displayWidth(EMOJI) + 2);
});
