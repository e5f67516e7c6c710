// Third-party notices: the licence of every package whose code a build bundles, written beside it
// as THIRD-PARTY-LICENSES.txt (dist/ for the npm install; embedded in, and written beside, the
// single executable, which adds Node's own). MIT, ISC, BSD and Apache each ask that their notice
// travel with every copy of the code; a bundle that drops them (legalComments: 'none' keeps no
// comment) drops the notices too. `tripctl help licenses` prints the file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BuildError } from './build-measures.mjs';

/** The file's name, in dist/ and among the single executable's assets (src/assets.ts reads it). */
export const NOTICES_FILE = 'THIRD-PARTY-LICENSES.txt';

/** The packages a bundle holds code of: the last `node_modules/<name>` of each input's path. */
export function bundledPackages(metafile, root) {
  const dirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = [...input.matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].at(-1);
    if (match) dirs.add(join(root, input.slice(0, match.index + match[0].length)));
  }
  return [...dirs];
}

/** A licence file, and an Apache NOTICE, as packages name them. */
const LICENCE_FILE = /^(licen[cs]e|copying|notice)([.-].*)?$/i;

/** One package's part: its name, version and licence, then the text of its licence files. */
function packageNotice(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const licence = typeof manifest.license === 'string' ? manifest.license : manifest.license?.type;
  const files = readdirSync(dir)
    .filter((name) => LICENCE_FILE.test(name))
    .sort();
  if (files.length === 0 && !licence) throw new BuildError(`${manifest.name} is bundled but names no licence and ships no licence file`);
  const texts = files.map((name) => readFileSync(join(dir, name), 'utf8').trim());
  return { name: manifest.name, text: [`${manifest.name}@${manifest.version} (${licence ?? 'see below'})`, ...texts].join('\n\n') };
}

/** The whole file: a heading, then each package (each once, by name) between rules. */
export function noticesText(dirs, { heading, extra = [] } = {}) {
  const parts = new Map();
  for (const dir of dirs) {
    const part = packageNotice(dir);
    if (!parts.has(part.name)) parts.set(part.name, part.text);
  }
  const rule = '-'.repeat(78);
  const sorted = [...parts].sort(([a], [b]) => a.localeCompare(b)).map(([, text]) => text);
  return `${heading}\n\n${[...extra, ...sorted].map((text) => `${rule}\n${text}\n`).join('\n')}`;
}
