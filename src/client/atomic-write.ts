// Every file tripctl saves (a download, a manifest it made) is written beside its target under a
// temporary name and appears under the target's name only when complete, so a cron job finds the
// whole file or none; and it never replaces an existing file unless --force said so, not even one
// that appeared while it was being written.
import { randomBytes } from 'node:crypto';
import { constants, existsSync, lstatSync, readlinkSync, type Stats, statSync } from 'node:fs';
import { copyFile, link, rename, rm, writeFile } from 'node:fs/promises';
import { platform } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { CliError, ExitCode, usageError } from '../errors.js';

/**
 * Refuses an existing target without --force, before any work is done. A symbolic link counts
 * as existing even when what it points to does not: the final link() would find its name taken.
 */
export function assertWritable(path: string, force: boolean | undefined): void {
  if (force) return;
  let entry: Stats;
  try {
    entry = lstatSync(path);
  } catch {
    return;
  }
  const dangling = entry.isSymbolicLink() && !existsSync(path);
  throw usageError(
    dangling ? `${path} already exists (a symbolic link to ${linkTarget(path)}, which does not exist)` : `${path} already exists`,
    'pass --force to replace it, or --file to choose another name',
  );
}

function linkTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return 'a missing file';
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A name beside the target that is ours alone: `.NAME.xxxxxxxx.part`. */
export function temporaryPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.part`);
}

/**
 * The calls that put a file in place, and how the step waits and where it runs: the real ones
 * unless a caller (a test) gives its own, to stand in for a file another program holds.
 */
export interface PlaceFs {
  rename: (from: string, to: string) => Promise<void>;
  link: (existing: string, name: string) => Promise<void>;
  copyFile: (from: string, to: string, mode: number) => Promise<void>;
  sleep: (ms: number) => Promise<void>;
  platform: NodeJS.Platform;
}

const realFs: PlaceFs = { rename, link, copyFile, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), platform: platform() };

/**
 * On Windows an antivirus scanning the new file, the search indexer, or Excel with the old file
 * open makes a rename or link fail for a moment with one of these; npm's own writer
 * (graceful-fs, under write-file-atomic) tries again for a while, and so does this, briefly.
 * Elsewhere they mean what they say (no permission; no links on this file system) at once.
 */
const HELD_CODES = new Set(['EPERM', 'EBUSY', 'EACCES']);
/** The waits between tries: 20 ms doubling to 500, about 2 s in all, then the error. */
const HELD_WAITS_MS = [20, 40, 80, 160, 320, 500, 500, 500];

/** Runs a step, trying it again while the file is held (Windows only); then its last error. */
async function whileHeld<T>(fs: PlaceFs, step: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const wait = HELD_WAITS_MS[attempt];
      if (!isHeld(fs, error) || wait === undefined) throw error;
      await fs.sleep(wait);
    }
  }
}

function isHeld(fs: PlaceFs, error: unknown): boolean {
  return fs.platform === 'win32' && HELD_CODES.has(errno(error));
}

function errno(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? '';
}

/** A file still held after the retries, said as such; any other error as it is. */
function heldOr(fs: PlaceFs, error: unknown, target: string): unknown {
  if (!isHeld(fs, error)) return error;
  return new CliError(
    `cannot put ${target} in place: another program holds it (${errno(error)})`,
    ExitCode.failure,
    'close it where it is open (Excel, a viewer), or wait for the antivirus to finish, then run again',
  );
}

/** Link errors that say this file system makes no links here: an exclusive copy does instead. */
const NO_LINK_CODES = new Set(['EPERM', 'ENOTSUP', 'EXDEV']);

/**
 * The final step: the complete temporary file takes the target's name. With --force a rename
 * (replacing); without, a hard link, which fails when the target exists — even one that appeared
 * since assertWritable — and the temporary name is removed after. Where links are not possible
 * (some network file systems) an exclusive copy does the same. On Windows each is tried again
 * briefly while another program holds a file (whileHeld).
 */
export async function publishFile(temp: string, target: string, force: boolean | undefined, given: Partial<PlaceFs> = {}): Promise<void> {
  const fs: PlaceFs = { ...realFs, ...given };
  if (force) {
    await whileHeld(fs, () => fs.rename(temp, target)).catch((error: unknown) => Promise.reject(heldOr(fs, error, target)));
    return;
  }
  const appeared = () =>
    usageError(
      `${target} appeared while it was being written; it was kept`,
      'pass --force to replace it, or --file to choose another name',
    );
  try {
    await whileHeld(fs, () => fs.link(temp, target));
  } catch (error) {
    if (errno(error) === 'EEXIST') throw appeared();
    if (!NO_LINK_CODES.has(errno(error))) throw heldOr(fs, error, target);
    try {
      await whileHeld(fs, () => fs.copyFile(temp, target, constants.COPYFILE_EXCL));
    } catch (copyError) {
      if (errno(copyError) === 'EEXIST') throw appeared();
      throw heldOr(fs, copyError, target);
    }
  }
  await removeTemporary(temp);
}

/** Removes a temporary file; Node's own retries cover a scanner holding it a moment. */
export function removeTemporary(temp: string): Promise<void> {
  return rm(temp, { force: true, maxRetries: 3, retryDelay: 100 });
}

/** Bytes made in memory (a manifest) saved the same way: temporary file, then the target's name. */
export async function writeFileAtomically(
  target: string,
  bytes: Uint8Array | string,
  force: boolean | undefined,
  fs: Partial<PlaceFs> = {},
): Promise<void> {
  assertWritable(target, force);
  const temp = temporaryPathFor(target);
  try {
    await writeFile(temp, bytes, { flag: 'wx', mode: 0o644 });
    await publishFile(temp, target, force, fs);
  } catch (error) {
    await removeTemporary(temp);
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot write ${target}: ${(error as Error).message}`, ExitCode.failure);
  }
}
