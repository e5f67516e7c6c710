// A ticket's QR code drawn for a terminal that may have a dark or a light background. Block
// glyphs alone (what qrcode-terminal prints) take the terminal's own colours, so on a light theme
// every module comes out inverted and scanners miss it. Here each cell names both colours (dark
// modules black, light ones white) and the code has the four-module quiet zone the standard asks
// for, so it reads the same on any theme. Each character cell holds two modules, top and bottom.
import qrcode from 'qrcode-terminal';

const QUIET_ZONE = 4;

/**
 * The code's modules, quiet zone included: true = dark. qrcode-terminal's public API draws the
 * code (its large form: one explicitly coloured cell a module, black `40` or white `47`, inside a
 * one-module white border); the matrix is read back from that rather than from its private
 * encoder, so the build's check of deep imports has nothing to guard.
 */
export function qrModules(text: string): boolean[][] {
  // Error correction M (15 %): a phone still reads a code a little cut by a terminal's line spacing.
  qrcode.setErrorLevel('M');
  let drawn = '';
  qrcode.generate(text, { small: false }, (output) => (drawn = output));
  const rows = drawn
    .split('\n')
    .filter((line) => line.includes('\u001b['))
    .map((line) => [...line.matchAll(/\u001b\[(40|47)m {2}\u001b\[0m/g)].map((cell) => cell[1] === '40'));
  // Drop the one-module border it draws, and put the standard quiet zone around the code.
  const code = rows.slice(1, -1).map((row) => row.slice(1, -1));
  const size = code.length;
  const full = size + 2 * QUIET_ZONE;
  return Array.from({ length: full }, (_, row) =>
    Array.from({ length: full }, (_, col) => code[row - QUIET_ZONE]?.[col - QUIET_ZONE] === true),
  );
}

const ESC = '\u001b[';
/** Foreground and background SGR codes: black and bright white. */
const FG = { dark: '30', light: '97' };
const BG = { dark: '40', light: '107' };

/**
 * The lines of the code: `▀` in the top module's colour over the bottom module's colour, each
 * line reset at its end so nothing bleeds into the next.
 */
export function renderQr(text: string): string {
  const modules = qrModules(text);
  if (modules.length % 2 === 1) modules.push(modules[0]!.map(() => false));
  const lines: string[] = [];
  for (let row = 0; row < modules.length; row += 2) {
    let line = '';
    let last = '';
    for (let col = 0; col < modules[row]!.length; col++) {
      const top = modules[row]![col] ? 'dark' : 'light';
      const bottom = modules[row + 1]![col] ? 'dark' : 'light';
      const style = `${ESC}${FG[top]};${BG[bottom]}m`;
      if (style !== last) line += style;
      last = style;
      line += '▀';
    }
    lines.push(`${line}${ESC}0m`);
  }
  return `${lines.join('\n')}\n`;
}
