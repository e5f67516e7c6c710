// The terminal table: columns sized to the terminal's width, the least important shortened with
// an ellipsis (or left out when even that cannot fit), a bold heading line, two spaces between
// columns, no borders and no rule between rows (as `gh` and `kubectl` print). Pure functions of
// the cells and the width, so the layout is tested at any width without a terminal.

/** Characters that take no column: combining marks (Arabic vowel signs too), joiners, format characters. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]$/u;

/** East Asian wide and full-width characters and emoji take two columns. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0x303e) ||
    (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

function charWidth(char: string): number {
  if (ZERO_WIDTH.test(char)) return 0;
  return isWide(char.codePointAt(0)!) ? 2 : 1;
}

/** Columns a text takes on a terminal (cells are sanitised: no escape sequences reach here). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** The text cut to `width` columns, ending in `…` when cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return `${out}…`;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

export interface LayoutColumn {
  header: string;
  /** 1 is kept longest; larger numbers are shortened, then left out, first. Default 3. */
  priority?: number;
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
 * every less important one is gone. The first column is never left out.
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
  for (const level of levels) {
    if (fitsCutting(level)) break;
    const droppable = columns.flatMap((_, index) => (index !== 0 && priority(index) === level ? [index] : [])).reverse();
    let fits = false;
    for (const index of droppable) {
      present[index] = false;
      if ((fits = fitsCutting(level))) break;
    }
    if (fits) break;
  }
  return {
    shown: columns.flatMap((_, index) => (present[index] ? [{ index, width: widths[index]! }] : [])),
    hidden: columns.filter((_, index) => !present[index]).map((column) => column.header),
  };
}

/**
 * The lines of a table at most `available` columns wide (the first column too, when it alone is
 * wider). `paintHeader` colours the heading line after it is laid out, so escapes never count.
 */
export function layoutTable(
  columns: LayoutColumn[],
  rows: string[][],
  available: number,
  paintHeader: (text: string) => string = (t) => t,
): { lines: string[]; hidden: string[] } {
  const natural = columns.map((column, i) => Math.max(displayWidth(column.header), ...rows.map((row) => displayWidth(row[i] ?? ''))));
  const layout = fitColumns(columns, natural, available);
  const line = (cells: string[]) =>
    layout.shown
      .map(({ index, width }, position) => {
        const text = truncate(cells[index] ?? '', width);
        return position === layout.shown.length - 1 ? text : pad(text, width);
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  // Only a first column wider than the whole terminal is left to reach here: cut it too.
  const fit = (text: string) => (displayWidth(text) > available ? truncate(text, available) : text);
  const heading = fit(line(columns.map((column) => column.header)));
  return { lines: [paintHeader(heading), ...rows.map((row) => fit(line(row)))], hidden: layout.hidden };
}
