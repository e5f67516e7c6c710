// Every file tripctl saves (a download, a manifest it made) is written beside its target under a
// temporary name and appears under the target's name only when complete, so a cron job finds the
// whole file or none; and it never replaces an existing file unless --force said so, not even one
// that appeared while it was being written.
import { randomBytes } from 'node:crypto';
import { constants, existsSync, lstatSync, readlinkSync, type Stats, statSync } from 'node:fs';
import { copyFile, link, rename, rm, writeFile } from 'node:fs/promises';
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
 * The final step: the complete temporary file takes the target's name. With --force a rename
 * (replacing); without, a hard link, which fails when the target exists — even one that appeared
 * since assertWritable — and the temporary name is removed after. Where links are not possible
 * (some network file systems) an exclusive copy does the same.
 */
export async function publishFile(temp: string, target: string, force: boolean | undefined): Promise<void> {
  if (force) return rename(temp, target);
  const appeared = () =>
    usageError(
      `${target} appeared while it was being written; it was kept`,
      'pass --force to replace it, or --file to choose another name',
    );
  try {
    await link(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw appeared();
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error;
    try {
      await copyFile(temp, target, constants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') throw appeared();
      throw copyError;
    }
  }
  await rm(temp, { force: true });
}

/** Bytes made in memory (a manifest) saved the same way: temporary file, then the target's name. */
export async function writeFileAtomically(target: string, bytes: Uint8Array | string, force: boolean | undefined): Promise<void> {
  assertWritable(target, force);
  const temp = temporaryPathFor(target);
  try {
    await writeFile(temp, bytes, { flag: 'wx', mode: 0o644 });
    await publishFile(temp, target, force);
  } catch (error) {
    await rm(temp, { force: true });
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot write ${target}: ${(error as Error).message}`, ExitCode.failure);
  }
}
