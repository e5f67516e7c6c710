// Replaced at bundle time; the fallbacks serve tests that import sources directly.
import { isSea } from 'node:sea';

declare const __TRIPCTL_VERSION__: string | undefined;
/** The npm build's bundle says so (test/tools/build.mjs); the sources say nothing. */
declare const __TRIPCTL_BUILD__: 'npm' | undefined;
export const VERSION: string = typeof __TRIPCTL_VERSION__ === 'string' ? __TRIPCTL_VERSION__ : '0.0.0-dev';
/**
 * Which build is running: the single executable (npm run build:exe) is the npm build's files run
 * inside Node's SEA, so it is known at run time, by Node.
 */
export const BUILD: 'npm' | 'single-executable' | 'source' = isSea()
  ? 'single-executable'
  : typeof __TRIPCTL_BUILD__ === 'string'
    ? __TRIPCTL_BUILD__
    : 'source';
/**
 * What `tripctl --version` prints. The npm install prints the bare version, as scripts and CI
 * compare it today; the single executable names itself and the Node inside it, since nothing else
 * says which Node it runs on. The version is the first word either way.
 */
export const VERSION_LINE: string = BUILD === 'single-executable' ? `${VERSION} (single executable, Node ${process.version})` : VERSION;
export const USER_AGENT = `tripctl/${VERSION} node/${process.versions.node}`;
