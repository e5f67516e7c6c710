// Replaced at bundle time; the fallback serves tests that import sources directly.
declare const __TRIPCTL_VERSION__: string | undefined;
export const VERSION: string = typeof __TRIPCTL_VERSION__ === 'string' ? __TRIPCTL_VERSION__ : '0.0.0-dev';
export const USER_AGENT = `tripctl/${VERSION} node/${process.versions.node}`;
