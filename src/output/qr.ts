// A ticket's QR code drawn for a terminal that may have a dark or a light background. Block
// glyphs alone (what qrcode-terminal printed) take the terminal's own colours, so on a light theme
// every module comes out inverted and scanners miss it. Here each cell names both colours (dark
// modules black, light ones white) and the code has the four-module quiet zone the standard asks
// for, so it reads the same on any theme. Each character cell holds two modules, top and bottom.
// The matrix itself is the qrcode library's (`QRCode.create(text).modules`).
import QRCode from 'qrcode';

const QUIET_ZONE = 4;

/** The code's modules, quiet zone included: true = dark. */
export function qrModules(text: string): boolean[][] {
  // Error correction M (15 %): a phone still reads a code a little cut by a terminal's line spacing.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const full = modules.size + 2 * QUIET_ZONE;
  return Array.from({ length: full }, (_, row) =>
    Array.from({ length: full }, (_, col) => {
      const [r, c] = [row - QUIET_ZONE, col - QUIET_ZONE];
      return r >= 0 && c >= 0 && r < modules.size && c < modules.size && modules.get(r, c) === 1;
    }),
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
  return drawQr(qrModules(text));
}

/** The lines of a code already made (`qrModules`): as many columns as it has modules a side. */
export function drawQr(made: boolean[][]): string {
  const modules = [...made];
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
