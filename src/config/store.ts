// Profiles: one JSON file, mode 0600 in a 0700 directory. Reading is a plain JSON parse because
// it happens on every run; writing is the project's one way to write a private file whole (a
// 0600 temporary file renamed over the target). Not conf: its atomic writer (when-exit) hooks
// SIGINT and SIGTERM and sends the signal again, which a command that writes the file and then
// runs until Ctrl-C (listen --register, sandbox) took as a second Ctrl-C and ended with 130.
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError, ExitCode } from '../errors.js';
import { writePrivateFileSync } from './private-file.js';

export interface Profile {
  baseUrl?: string;
  apiKey?: string;
  output?: string;
  timezone?: string;
  timeout?: number;
  retries?: number;
  /** Signing secrets of webhook endpoints, kept because the service shows them only once. */
  webhookSecrets?: Record<string, string>;
}

export interface ConfigFile {
  defaultProfile?: string;
  profiles: Record<string, Profile>;
}

export const CONFIG_FILE_NAME = 'config.json';

export function configDir(env: Record<string, string | undefined>): string {
  if (env.TRIPCTL_CONFIG_DIR) return env.TRIPCTL_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'tripctl');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'tripctl');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'tripctl');
}

export class ConfigStore {
  readonly dir: string;
  readonly path: string;
  private cached: ConfigFile | undefined;
  /** Warnings found while reading (for example a file others can read), shown once. */
  readonly warnings: string[] = [];

  constructor(env: Record<string, string | undefined>) {
    this.dir = configDir(env);
    this.path = join(this.dir, CONFIG_FILE_NAME);
  }

  read(): ConfigFile {
    if (this.cached) return this.cached;
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return (this.cached = { profiles: {} });
      throw new CliError(`cannot read config file ${this.path}: ${code ?? String(error)}`, ExitCode.failure);
    }
    this.checkMode();
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? { profiles: {} } : JSON.parse(text);
    } catch (error) {
      throw new CliError(
        `config file ${this.path} is not valid JSON: ${(error as Error).message}`,
        ExitCode.failure,
        `fix it by hand, or move it away and run 'tripctl auth login' again`,
      );
    }
    if (!isConfigFile(parsed)) {
      throw new CliError(
        `config file ${this.path} does not hold tripctl profiles`,
        ExitCode.failure,
        `expected {"profiles": {...}}; move it away and run 'tripctl auth login' again`,
      );
    }
    return (this.cached = parsed);
  }

  /** Applies a change and writes the whole file atomically, mode 0600. */
  async update(change: (config: ConfigFile) => void): Promise<ConfigFile> {
    const next = structuredClone(this.read());
    change(next);
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    try {
      chmodSync(this.dir, 0o700);
    } catch {
      // A directory we cannot chmod (not ours) still gets a 0600 file.
    }
    if (!writePrivateFileSync(this.path, `${JSON.stringify(next, undefined, '\t')}\n`)) {
      throw new CliError(`cannot write config file ${this.path}`, ExitCode.failure, 'check that the directory is yours and writable');
    }
    this.cached = next;
    return next;
  }

  private checkMode(): void {
    if (process.platform === 'win32') return;
    try {
      const mode = statSync(this.path).mode & 0o777;
      if (mode & 0o077) {
        this.warnings.push(
          `config file ${this.path} is readable by others (mode ${mode.toString(8)}); fix it with: chmod 600 '${this.path}'`,
        );
      }
    } catch {
      // stat failing right after a successful read is not worth a second error.
    }
  }
}

function isConfigFile(value: unknown): value is ConfigFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const profiles = (value as { profiles?: unknown }).profiles;
  if (profiles === undefined) {
    (value as ConfigFile).profiles = {};
    return true;
  }
  return typeof profiles === 'object' && profiles !== null && !Array.isArray(profiles);
}
