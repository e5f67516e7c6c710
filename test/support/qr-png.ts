// Reads a PNG as a phone's scanner would: jsQR, with no inversion attempts (a scanner sees the
// code as drawn). Used by the in-process ticket tests and by those of the built tool and the
// single executable, so each decodes a ticket the same way.
import { readFileSync } from 'node:fs';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

type Point = { x: number; y: number };
export type FoundCode = { data: string; location: { topLeftCorner: Point; bottomLeftCorner: Point } };
type Decoder = (data: Uint8ClampedArray, w: number, h: number, o?: { inversionAttempts?: 'dontInvert' }) => FoundCode | null;
const jsQR = ((jsQRModule as unknown as { default?: Decoder }).default ?? jsQRModule) as unknown as Decoder;

/** The image and the QR code found in it, if any. */
export function scanPng(file: string): { png: PNG; code: FoundCode | null } {
  const png = PNG.sync.read(readFileSync(file));
  return { png, code: jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: 'dontInvert' }) };
}

/** The text of the QR code in a PNG file, or undefined when none is found. */
export const decodePng = (file: string): string | undefined => scanPng(file).code?.data;
