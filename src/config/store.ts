// Profiles: one JSON file, mode 0600 in a 0700 directory. Reading is a plain JSON parse because
// it happens on every run; writing is the project's one way to write a private file whole (a
// 0600 temporary file renamed over the target), under a lock. Not conf: its atomic writer
// (when-exit) hooks SIGINT and SIGTERM and sends the signal again, which a command that writes
// the file and then runs until Ctrl-C (listen --register, sandbox) took as a second Ctrl-C and
// ended with 130, skipping its clean-up.
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError, ExitCode, usageError } from '../errors.js';
import { acquireLock } from './lock.js';
import { writePrivateFileSync } from './private-file.js';

export interface Profile {
  baseUrl?: string;
  apiKey?: string;
  output?: string;
  timezone?: string;
  /** ISO 4217 code for money in terminal tables when the answer names none. */
  currency?: string;
  /** ISO 3166 country local phone numbers are read in (`0944 123 456` → +963944123456). */
  country?: string;
  timeout?: number;
  retries?: number;
  /** Writes ask first (or need --yes): `tripctl profiles protect NAME`. */
  protected?: boolean;
  /** The company's name as `auth login` found it, so a protected profile's question can name it without a request. */
  companyName?: string;
  /** Signing secrets of webhook endpoints, kept because the service shows them only once. */
  webhookSecrets?: Record<string, string>;
}

export interface ConfigFile {
  defaultProfile?: string;
  profiles: Record<string, Profile>;
}

export const CONFIG_FILE_NAME = 'config.json';

const PLAIN_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Why a profile name is not a plain name (letters, digits, -, _, .; at most 64), or undefined.
 * Names an object has on its own (`__proto__`, `constructor`, `toString`…) are refused too: in a
 * plain object they would read an inherited value or set the prototype instead of saving.
 */
export function profileNameProblem(name: string): string | undefined {
  if (!PLAIN_NAME.test(name)) return 'a profile name is letters, digits, -, _ and . (at most 64)';
  if (name in Object.prototype || name === '__proto__') return `'${name}' is a name JavaScript objects already use`;
  return undefined;
}

/** A profile name given by a person (--profile, TRIPCTL_PROFILE, an argument): exit 2 when not plain. */
export function checkProfileName(name: string, from: string): string {
  const problem = profileNameProblem(name);
  if (problem) throw usageError(`${from} '${name}' is not a usable profile name: ${problem}`, 'choose another name, e.g. ops or sandbox');
  return name;
}

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
    return (this.cached ??= this.load());
  }

  private load(): ConfigFile {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { profiles: Object.create(null) };
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
    return this.checked(parsed);
  }

  /**
   * Every profile is a plain name holding an object, and the profiles live in a map without a
   * prototype, so no name can read or replace something the map inherits.
   */
  private checked(file: ConfigFile): ConfigFile {
    const profiles: Record<string, Profile> = Object.create(null);
    for (const [name, profile] of Object.entries(file.profiles)) {
      const problem = profileNameProblem(name);
      const fix = `edit ${this.path}: rename or delete that entry of "profiles"`;
      if (problem) throw new CliError(`config file ${this.path} holds a profile named '${name}': ${problem}`, ExitCode.failure, fix);
      if (typeof profile !== 'object' || profile === null || Array.isArray(profile))
        throw new CliError(
          `config file ${this.path}: profile '${name}' is ${profile === null ? 'null' : Array.isArray(profile) ? 'a list' : `a ${typeof profile}`}, not a profile`,
          ExitCode.failure,
          fix,
        );
      profiles[name] = profile;
    }
    file.profiles = profiles;
    if (file.defaultProfile !== undefined && (typeof file.defaultProfile !== 'string' || profileNameProblem(file.defaultProfile)))
      throw new CliError(
        `config file ${this.path}: defaultProfile ${JSON.stringify(file.defaultProfile)} is not a profile name`,
        ExitCode.failure,
        `edit ${this.path}: set "defaultProfile" to one of the profiles, or delete it`,
      );
    return file;
  }

  /**
   * Applies a change and writes the whole file atomically with mode 0600. The change is applied
   * to the file as it is on disk under an exclusive lock, not to what this run read earlier: two
   * runs changing different profiles at the same moment both land.
   */
  async update(change: (config: ConfigFile) => void): Promise<ConfigFile> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    try {
      chmodSync(this.dir, 0o700);
    } catch {
      // A directory we cannot chmod (not ours) still gets a 0600 file.
    }
    const release = await acquireLock(`${this.path}.lock`, 'the config file');
    try {
      const next = this.load();
      change(next);
      if (!writePrivateFileSync(this.path, `${JSON.stringify(next, undefined, '\t')}\n`)) {
        throw new CliError(`cannot write config file ${this.path}`, ExitCode.failure, 'check that the directory is yours and writable');
      }
      this.cached = next;
      return next;
    } finally {
      release();
    }
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
      // Whoever can write the directory can replace the file (and so the key and base URL).
      const dirMode = statSync(this.dir).mode & 0o777;
      if (dirMode & 0o022) {
        this.warnings.push(
          `config directory ${this.dir} is writable by others (mode ${dirMode.toString(8)}); fix it with: chmod 700 '${this.dir}'`,
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
