// A scripted server and a temporary config dir for each test of a file, and the environment that
// points tripctl at them: the set-up of the foundation tests, in-process and built alike.
import { afterEach, beforeEach } from 'vitest';
import { tempConfigDir } from './cli.js';
import { startScriptedServer, type ScriptedServer } from './scripted-server.js';

export interface ScriptedEach {
  readonly server: ScriptedServer;
  readonly dir: string;
  /** TRIPCTL_BASE_URL and TRIPCTL_API_KEY for this test's server. */
  readonly env: Record<string, string>;
}

export function scriptedEach(key: string): ScriptedEach {
  let server: ScriptedServer | undefined;
  let dir: string | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    server = await startScriptedServer();
    ({ dir, cleanup } = await tempConfigDir());
  });
  afterEach(async () => {
    await server?.close();
    await cleanup?.();
  });
  const now = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the scripted server starts in beforeEach');
    return value;
  };
  return {
    get server() {
      return now(server);
    },
    get dir() {
      return now(dir);
    },
    get env() {
      return { TRIPCTL_BASE_URL: now(server).baseUrl, TRIPCTL_API_KEY: key };
    },
  };
}
