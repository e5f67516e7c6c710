// Lock files for local state that several tripctl runs share: the config file, a boarding
// journal, a company's trip imports. Exactly one run holds a lock; one nobody holds (its owner
// died, it is dated in the future, it is empty) is taken over at once, and only that one.
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, type Stats, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { CliError, ExitCode, InterruptedError } from '../errors.js';

/** A lock older than this was left by a run that died (a write takes milliseconds). */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;
/** A lock dated further ahead than this was not written by a clock we share: stale. */
const CLOCK_SKEW_MS = 2_000;

export interface LockOptions {
  /** How long to wait for another holder (default LOCK_WAIT_MS). */
  waitMs?: number;
  /** Held for long (a whole import): its date is renewed while held, so age never makes it stale. */
  heartbeat?: boolean;
  /** Ends the wait (Ctrl-C). */
  signal?: AbortSignal;
  /** Called once when the lock is found held, before waiting. */
  onWait?: () => void;
}

/**
 * An exclusive lock file, waited for with short sleeps; returns the release function. The lock
 * appears whole: its owner (`pid host random`) is written to a file of its own first, which is
 * then linked to the lock's name (link fails if the name exists, so exactly one run wins). A full
 * disk therefore fails before any lock exists, and an empty lock can only be a leftover.
 */
export async function acquireLock(path: string, what: string, opts: LockOptions = {}): Promise<() => void> {
  const started = Date.now();
  let waited = false;
  // What this run writes into the lock, so that it releases only its own.
  const token = `${process.pid} ${hostname()} ${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const mine = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(mine, token, { mode: 0o600 });
  } catch (error) {
    rmSync(mine, { force: true });
    throw lockError(path, what, error);
  }
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, path);
        const renew = opts.heartbeat ? setInterval(() => renewLock(path, token), STALE_LOCK_MS / 4) : undefined;
        renew?.unref();
        return () => {
          clearInterval(renew);
          if (readLock(path) === token) rmSync(path, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw lockError(path, what, error);
      }
      let held: Stats;
      try {
        held = statSync(path);
      } catch {
        continue; // released between our link and stat: try again at once
      }
      if (lockIsStale(path, held)) {
        removeStale(path, held);
        continue;
      }
      if (opts.signal?.aborted) throw new InterruptedError();
      if (!waited) {
        waited = true;
        opts.onWait?.();
      }
      if (Date.now() - started > (opts.waitMs ?? LOCK_WAIT_MS)) {
        throw new CliError(
          `${what} is locked by another tripctl (${path})`,
          ExitCode.failure,
          `if no other tripctl is running, remove the lock: rm '${path}'`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * Math.min(attempt + 1, 5)));
    }
  } finally {
    rmSync(mine, { force: true });
  }
}

/** Dates a long-held lock now, if it is still ours. */
function renewLock(path: string, token: string): void {
  try {
    if (readLock(path) === token) {
      const now = new Date();
      utimesSync(path, now, now);
    }
  } catch {
    // Gone or unreadable: the next holder's business.
  }
}

function lockError(path: string, what: string, error: unknown): CliError {
  return new CliError(`cannot lock ${what} (${path}): ${(error as NodeJS.ErrnoException).code ?? String(error)}`, ExitCode.failure);
}

/**
 * A lock nobody holds: older than STALE_LOCK_MS, dated in the future (a clock set back, a copied
 * file: it would never age), empty (written by nobody: a full disk under an older tripctl), or
 * owned by a process of this machine that is gone.
 */
export function lockIsStale(path: string, held: Stats): boolean {
  const age = Date.now() - held.mtimeMs;
  if (age > STALE_LOCK_MS || age < -CLOCK_SKEW_MS) return true;
  const owner = readLock(path);
  if (owner === undefined) return false; // gone meanwhile: the next attempt takes it
  if (owner.trim() === '') return true;
  const [pid, host] = owner.trim().split(' ');
  if (!/^\d+$/.test(pid ?? '') || (host !== undefined && host !== hostname())) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
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
      const age = Date.now() - statSync(guard).mtimeMs;
      if (age > STALE_LOCK_MS || age < -CLOCK_SKEW_MS) rmSync(guard, { force: true });
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
