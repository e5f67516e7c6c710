// The terminal table: columns sized to the terminal's width, the least important shortened with
// an ellipsis (or left out when even that cannot fit), a bold heading line, two spaces between
// columns, no borders and no rule between rows (as `gh` and `kubectl` print). Which columns and
// how wide is decided here, from widths measured by string-width (emoji and ZWJ sequences two
// columns, Arabic vowel marks none), and the rows are drawn here too: cli-table3, the card's table
// library, measures with string-width 4, which counts each Arabic vowel mark as a column, so it
// pads a vowelled name short and the columns after it shift (test/output/layout.test.ts shows it).
// Pure functions of the cells and the width, so the layout is tested at any width without a terminal.
import stringWidth from 'string-width';

/** Columns a text takes on a terminal (cells are sanitised: no escape sequences reach here). */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

const graphemes = new Intl.Segmenter();

/** The text cut to `width` columns, ending in `…` when cut; never inside a grapheme (an emoji sequence, a letter and its marks). */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

function pad(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'right' ? fill + text : text + fill;
}

export interface LayoutColumn {
  header: string;
  /** 1 is kept longest; larger numbers are shortened, then left out, first. Default 3. */
  priority?: number;
  /** Amounts read best right-aligned, their digits under each other. */
  align?: 'left' | 'right';
  /** Shortest width it may be cut to (with an ellipsis); without it the column is never cut. */
  minWidth?: number;
}

export interface Layout {
  /** Index into the given columns of each column shown, in order, with its width. */
  shown: Array<{ index: number; width: number }>;
  /** Headers of the columns left out for want of room. */
  hidden: string[];
}

export const GAP = 2;

/** Text cut to this many columns (a name and a phone number) still reads; longer cells are cut this far before any column goes. */
const SOFT_CAP = 26;

/**
 * Widths that fit `available` columns. Every column starts at its widest cell. Then, one level of
 * importance at a time, least important first: that level's columns are cut toward their minimum
 * (the widest first, so two long columns share the room), and when even that is not enough they
 * are left out, rightmost first, until the rest fits. A more important column is cut only once
 * every less important one is gone. Last, a column left out is put back if it fits in the room
 * that a wider, more important one left when it went too.
 */
export function fitColumns(columns: LayoutColumn[], natural: number[], available: number): Layout {
  const widths = [...natural];
  const present = columns.map(() => true);
  const priority = (index: number) => columns[index]!.priority ?? 3;
  const total = () => widths.reduce((sum, w, i) => sum + (present[i] ? w : 0), 0) + GAP * (present.filter(Boolean).length - 1);
  const floor = (index: number) => Math.min(natural[index]!, Math.max(columns[index]!.minWidth ?? natural[index]!, 1));
  const levels = [...new Set(columns.map((_, index) => priority(index)))].sort((a, b) => b - a);
  /** Natural widths, then the columns of every level from the least important down to `level` cut. */
  const fitsCutting = (level: number): boolean => {
    for (let i = 0; i < widths.length; i++) widths[i] = natural[i]!;
    // Long text is cut to a readable length before any column is left out for want of room.
    squeeze(
      columns.flatMap((_, index) => (present[index] ? [index] : [])),
      (index) => Math.max(floor(index), SOFT_CAP),
    );
    for (const current of levels) {
      if (current < level) break;
      squeeze(
        columns.flatMap((_, index) => (present[index] && priority(index) === current ? [index] : [])),
        floor,
      );
    }
    return total() <= available;
  };
  /** Cuts the widest of the columns a column at a time, none below its limit, until the table fits. */
  function squeeze(candidates: number[], limit: (index: number) => number): void {
    while (total() > available) {
      const widest = candidates.filter((index) => widths[index]! > limit(index)).sort((a, b) => widths[b]! - widths[a]! || b - a)[0];
      if (widest === undefined) return;
      widths[widest]! -= 1;
    }
  }
  let reached = levels[levels.length - 1] ?? 3;
  for (const level of levels) {
    if (fitsCutting(level)) {
      reached = level;
      break;
    }
    const droppable = columns.flatMap((_, index) => (priority(index) === level ? [index] : [])).reverse();
    let fits = false;
    for (const index of droppable) {
      present[index] = false;
      if ((fits = fitsCutting(level))) break;
    }
    if (fits) {
      reached = level;
      break;
    }
  }
  // A column left out while a wider one was still in (an id) may fit in the room that one left:
  // the most important first.
  const left = columns.flatMap((_, index) => (present[index] ? [] : [index])).sort((a, b) => priority(a) - priority(b) || a - b);
  for (const index of left) {
    present[index] = true;
    if (!fitsCutting(reached)) present[index] = false;
  }
  fitsCutting(reached);
  return {
    shown: columns.flatMap((_, index) => (present[index] ? [{ index, width: widths[index]! }] : [])),
    hidden: columns.filter((_, index) => !present[index]).map((column) => column.header),
  };
}

/** One line of cells already cut and padded to their columns: no borders, two spaces between (as gh prints). */
function drawRow(cells: string[]): string {
  return cells.join(' '.repeat(GAP)).trimEnd();
}

/**
 * The lines of a table at most `available` columns wide, or undefined below the narrowest table:
 * when a column of priority 1 (what the table is for) or all but one column would have to go, or
 * when even that is wider than the terminal (a column is never cut below its minimum, and ids
 * have none). The caller then prints one record per block. `paintHeader` colours the heading line after it is laid out, so
 * escapes never count.
 */
export function layoutTable(
  columns: LayoutColumn[],
  rows: string[][],
  available: number,
  paintHeader: (text: string) => string = (t) => t,
): { lines: string[]; hidden: string[] } | undefined {
  const natural = columns.map((column, i) => Math.max(displayWidth(column.header), ...rows.map((row) => displayWidth(row[i] ?? ''))));
  const layout = fitColumns(columns, natural, available);
  const used = layout.shown.reduce((sum, { width }) => sum + width, 0) + GAP * (layout.shown.length - 1);
  const essentialHidden = columns.some((column, index) => column.priority === 1 && !layout.shown.some((shown) => shown.index === index));
  if (used > available || essentialHidden || layout.shown.length < Math.min(2, columns.length)) return undefined;
  const line = (cells: string[]) =>
    drawRow(
      layout.shown.map(({ index, width }, position) => {
        const text = truncate(cells[index] ?? '', width);
        const align = columns[index]!.align;
        return position === layout.shown.length - 1 && align !== 'right' ? text : pad(text, width, align);
      }),
    );
  return { lines: [paintHeader(line(columns.map((column) => column.header))), ...rows.map(line)], hidden: layout.hidden };
}
