// A ticket as a PNG, the picture a phone shows inline in a chat: the same ticket as the PDF
// (pdf.ts) at twice its size in pixels. The page is written as SVG — the QR as squares, the
// text as outlines shaped by src/pdf (Arabic joined and in order) — and rasterised by resvg
// (WebAssembly, no native build, no system fonts). Loaded only when a PNG ticket is made.
import { readAsset } from '../../../assets.js';
import { openOutliner, type Outliner } from '../../../pdf/outline-text.js';
import { qrModules } from '../../../output/qr.js';
import type { TicketCard } from './card.js';

const WIDTH = 576;
const HEIGHT = 1040;
const MARGIN = 40;
const INNER = WIDTH - 2 * MARGIN;
const QR_SIZE = 400;
const INK = '#000000';
const SOFT = '#4d4d4d';

type Resvg = typeof import('@resvg/resvg-wasm');
let resvg: Promise<Resvg> | undefined;

/** resvg's WebAssembly, compiled once a process (its initWasm may be called only once). */
function loadResvg(): Promise<Resvg> {
  resvg ??= (async () => {
    const module = await import('@resvg/resvg-wasm');
    await module.initWasm(readAsset('resvg.wasm'));
    return module;
  })();
  return resvg;
}

export async function ticketPng(card: TicketCard): Promise<Buffer> {
  const [{ Resvg }, outliner] = await Promise.all([loadResvg(), openOutliner()]);
  const svg = ticketSvg(card, outliner);
  const image = new Resvg(svg, { background: '#ffffff', font: { loadSystemFonts: false } }).render();
  return Buffer.from(image.asPng());
}

/** The ticket page as SVG: every line centred, each shrunk to fit the width if it must. */
function ticketSvg(card: TicketCard, outliner: Outliner): string {
  const parts: string[] = [];
  const centred = (text: string, top: number, size: number, weight: 'regular' | 'bold' = 'regular', color = INK) => {
    if (!text) return;
    const wide = outliner.measure(text, { size, weight });
    const fitted = wide > INNER ? (size * INNER) / wide : size;
    const width = outliner.measure(text, { size: fitted, weight });
    parts.push(outliner.draw(text, (WIDTH - width) / 2, top + (size - fitted) / 2, { size: fitted, weight, color }));
  };
  let y = MARGIN;
  centred(card.company, y, 26, 'bold');
  y += 48;
  centred(card.route, y, 30, 'bold');
  y += 44;
  if (card.routeArabic) {
    centred(card.routeArabic, y, 30, 'bold');
    y += 48;
  }
  centred(card.departure, y, 22);
  y += 44;
  const modules = qrModules(card.qr);
  const cell = QR_SIZE / modules.length;
  const left = (WIDTH - QR_SIZE) / 2;
  let d = '';
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) d += `M${left + c * cell} ${y + r * cell}h${cell}v${cell}h${-cell}z`;
    }),
  );
  parts.push(`<path fill="${INK}" shape-rendering="crispEdges" d="${d}"/>`);
  y += QR_SIZE + 8;
  centred(card.code, y, 36, 'bold');
  y += 64;
  const rows: Array<[string, string]> = [
    ['Passenger', card.passenger],
    ['Seats', String(card.seats)],
    ...(card.plate ? ([['Vehicle', card.plate]] as Array<[string, string]>) : []),
  ];
  for (const [label, value] of rows) {
    parts.push(outliner.draw(label, MARGIN, y + 2, { size: 20, color: SOFT }));
    const wide = outliner.measure(value, { size: 22, weight: 'bold' });
    const size = wide > INNER - 140 ? (22 * (INNER - 140)) / wide : 22;
    parts.push(outliner.draw(value, MARGIN + 140, y, { size, weight: 'bold' }));
    y += 36;
  }
  parts.push(`<path stroke="${SOFT}" stroke-width="1" d="M${MARGIN} ${HEIGHT - 88}H${WIDTH - MARGIN}"/>`);
  centred('Show this code at the coach door', HEIGHT - 76, 18, 'regular', SOFT);
  centred('أظهر هذا الرمز عند باب الحافلة', HEIGHT - 50, 18, 'regular', SOFT);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#ffffff"/>${parts.join('')}</svg>`;
}
