// Profiles: one JSON file, mode 0600 in a 0700 directory. Reading is a plain JSON parse because
// it happens on every run; writing is the project's one way to write a private file whole (a
// 0600 temporary file renamed over the target), under a lock. Not conf: its atomic writer
// (when-exit) hooks SIGINT and SIGTERM and sends the signal again, which a command that writes
// the file and then runs until Ctrl-C (listen --register, sandbox) took as a second Ctrl-C and
// ended with 130, skipping its clean-up.
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, type Stats, statSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError, ExitCode } from '../errors.js';
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
      if (code === 'ENOENT') return { profiles: {} };
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
    return parsed;
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
    const release = await acquireLock(`${this.path}.lock`);
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

/** A lock older than this was left by a run that died (a write takes milliseconds). */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;

/**
 * An exclusive lock file (created with O_EXCL, so exactly one run wins), waited for with short
 * sleeps; one older than STALE_LOCK_MS is taken over. Returns the release function.
 */
async function acquireLock(path: string): Promise<() => void> {
  const started = Date.now();
  // What this run writes into the lock, so that it releases only its own.
  const token = `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, token);
      closeSync(fd);
      return () => {
        if (readLock(path) === token) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new CliError(
          `cannot lock the config file (${path}): ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
          ExitCode.failure,
        );
      }
    }
    let held: Stats;
    try {
      held = statSync(path);
    } catch {
      continue; // released between our open and stat: try again at once
    }
    if (Date.now() - held.mtimeMs > STALE_LOCK_MS) {
      removeStale(path, held);
      continue;
    }
    if (Date.now() - started > LOCK_WAIT_MS) {
      throw new CliError(
        `the config file is locked by another tripctl (${path})`,
        ExitCode.failure,
        `if no other tripctl is running, remove the lock: rm '${path}'`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * Math.min(attempt + 1, 5)));
  }
}

function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Removes a stale lock, and only that one. Runs that find it stale at the same moment take turns
 * through a second lock (O_EXCL again): the one that holds it removes the lock file only if it is
 * still the very file found stale (same inode). Nobody else removes a lock but its owner, which
 * died, so the file cannot change between that check and the removal. (A rename-and-put-back
 * takeover let a fresh lock be moved away while its owner was writing: two writers at once, and
 * a profile lost under the fault suite's 20 concurrent runs.)
 */
export function removeStale(path: string, stale: Stats): void {
  const guard = `${path}.takeover`;
  try {
    closeSync(openSync(guard, 'wx', 0o600));
  } catch {
    // Another run is removing it; a guard left by a run that died is cleared for the next try.
    try {
      if (Date.now() - statSync(guard).mtimeMs > STALE_LOCK_MS) rmSync(guard, { force: true });
    } catch {
      // gone already
    }
    return;
  }
  try {
    const now = statSync(path);
    // The same file (an inode number can be reused at once, so its old age is checked too).
    if (now.ino === stale.ino && now.dev === stale.dev && now.mtimeMs === stale.mtimeMs) rmSync(path, { force: true });
  } catch {
    // released meanwhile
  } finally {
    rmSync(guard, { force: true });
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
