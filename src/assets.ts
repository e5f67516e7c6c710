// The files tripctl reads as bytes rather than runs as code: the PDFs' typeface (IBM Plex Sans
// Arabic as @fontsource ships it, with its licence, which the OFL says travels with the font) and
// resvg's WebAssembly (a PNG ticket). Which files they are, and where each comes from in
// node_modules, is listed once, in assets.json, which test/tools/build.mjs reads too.
//
// One question, "give me these bytes", answered for each way tripctl runs:
//   - the single executable (npm run build:exe): embedded in the binary as SEA assets, read
//     through node:sea;
//   - the npm install: copies in dist/assets/, beside the bundle, so that no package has to be
//     installed only to hold a file;
//   - the sources (the in-process tests): the packages' own files in node_modules.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ASSETS from './assets.json' with { type: 'json' };
import { BUILD } from './version.js';

export type AssetName = keyof typeof ASSETS;

export function readAsset(name: AssetName): Buffer {
  if (BUILD === 'single-executable') {
    // getAsset copies the embedded bytes out of the binary: they are the caller's to keep.
    const sea: typeof import('node:sea') = require('node:sea');
    return Buffer.from(sea.getAsset(name));
  }
  // Every file of the bundle is directly in dist/, so __dirname is dist/ whichever chunk this is in.
  if (BUILD === 'npm') return readFileSync(join(__dirname, 'assets', name));
  return readFileSync(require.resolve(ASSETS[name]));
}

/** Written by the build beside the bundle and embedded in the single executable (test/tools/notices.mjs). */
const NOTICES_FILE = 'THIRD-PARTY-LICENSES.txt';

/**
 * The licences of the packages the build bundled (and, in the single executable, Node's own), as
 * `tripctl help licenses` prints them; undefined when run from the sources, where the packages in
 * node_modules carry their own.
 */
export function thirdPartyNotices(): string | undefined {
  if (BUILD === 'single-executable') return (require('node:sea') as typeof import('node:sea')).getAsset(NOTICES_FILE, 'utf8');
  if (BUILD === 'npm') return readFileSync(join(__dirname, NOTICES_FILE), 'utf8');
  return undefined;
}
