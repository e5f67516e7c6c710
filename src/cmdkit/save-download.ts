// The one way a command saves a file, from the service (invoice, report export) or made here
// (a trip's manifest): atomic, never overwriting without --force, `-` for stdout, and in cron (no
// terminal) the saved path as the only line on stdout. Downloads show a spinner with bytes.
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { assertWritable, isDirectory, temporaryPathFor, writeFileAtomically } from '../client/atomic-write.js';
import { download } from '../client/download.js';
import type { RequestOptions } from '../client/http.js';
import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../errors.js';
import { drained } from '../io.js';
import { formatBytes } from '../output/bytes.js';
import { UTF8_BOM } from '../output/csv.js';

export interface SaveOptions {
  file?: string;
  force?: boolean;
  /** Used when the service suggests no name. */
  fallbackName: string;
  /** What is being fetched, for the spinner: "invoice", "bookings report". */
  label: string;
  /**
   * CSV: a file saved begins with a UTF-8 byte-order mark, so Excel reads its Arabic (one made
   * here gets one; one from the service is kept as sent); stdout never does (it goes to scripts,
   * which would read the mark as part of the first heading), so a downloaded one loses it there.
   */
  bom?: boolean;
}

export async function saveDownload(ctx: Context, req: RequestOptions, opts: SaveOptions): Promise<void> {
  const client = await ctx.client();
  const progress = await ctx.progress(`Downloading ${opts.label}…`);
  try {
    const result = await download(client, req, {
      file: opts.file === undefined ? undefined : expandHome(ctx, opts.file),
      force: opts.force,
      cwd: ctx.cwd,
      fallbackName: opts.fallbackName,
      stdout: opts.bom && opts.file === '-' ? withoutBom(ctx.io.stdout) : ctx.io.stdout,
      signal: ctx.signal,
      onProgress: (bytes, total) =>
        progress.update(`Downloading ${opts.label}… ${formatBytes(bytes)}${total ? ` of ${formatBytes(total)}` : ''}`),
    });
    progress.stop();
    announceSaved(ctx, result.path, result.bytes, opts.label);
  } finally {
    progress.stop();
  }
}

/** A writer to `out` that drops a UTF-8 byte-order mark at the very start, passing every other byte on. */
function withoutBom(out: Writable): Writable {
  let head: Buffer | undefined = Buffer.alloc(0);
  const pass = (data: Buffer, done: (error?: Error | null) => void) =>
    data.length ? out.write(data, (error) => done(error ?? null)) : done(null);
  const writer = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (head === undefined) return pass(chunk, done);
      head = Buffer.concat([head, chunk]);
      if (head.length < BOM_BYTES.length) return done(null);
      const data = head.subarray(0, BOM_BYTES.length).equals(BOM_BYTES) ? head.subarray(BOM_BYTES.length) : head;
      head = undefined;
      pass(data, done);
    },
    final(done) {
      const rest = head;
      head = undefined;
      pass(rest ?? Buffer.alloc(0), done);
    },
  });
  // A write error reaches the download through each write's callback, and stdout's own error
  // listener (io.ts) records it; the wrapper's 'error' event would otherwise end the process.
  writer.on('error', () => {});
  return writer;
}

const BOM_BYTES = Buffer.from(UTF8_BOM, 'utf8');

/** Where a made file goes: `-` (stdout) or an absolute path, already checked not to clobber. */
export type MadeTarget = string;

/**
 * Resolves and checks the target of a file the command makes (`--file` a path, a directory or
 * `-`; else the default name in the working directory), before any request, so an existing file
 * without --force costs nothing.
 */
export function madeTarget(ctx: Context, opts: SaveOptions): MadeTarget {
  if (opts.file === '-') return '-';
  const given = opts.file === undefined ? ctx.cwd : resolve(ctx.cwd, expandHome(ctx, opts.file));
  const path = opts.file === undefined || isDirectory(given) ? join(given, opts.fallbackName) : given;
  if (!isDirectory(dirname(path))) throw usageError(`cannot save ${path}: ${dirname(path)} is not a directory`);
  assertWritable(path, opts.force);
  return path;
}

/** Saves what a command made to its target: atomically, never replacing a file without --force. */
export async function saveMade(ctx: Context, target: MadeTarget, bytes: Uint8Array | string, opts: SaveOptions): Promise<void> {
  if (target === '-') {
    if (typeof bytes === 'string') await ctx.io.write(bytes);
    // Bytes (a PDF) as they are: the text path would mask key-shaped runs inside them.
    else if (!ctx.io.stdout.write(bytes)) await drained(ctx.io.stdout);
    return;
  }
  const saved = opts.bom && typeof bytes === 'string' ? UTF8_BOM + bytes : bytes;
  await writeFileAtomically(target, saved, opts.force);
  announceSaved(ctx, target, typeof saved === 'string' ? Buffer.byteLength(saved) : saved.byteLength, opts.label);
}

/**
 * Where a folder of made files goes (`tickets --all` as PNGs): `--file` names a new folder, or an
 * existing directory to make it in (its own name then: `tickets-1a2b3c4d`); else that name in the
 * working directory. A folder the person gave is never the target itself, so it is never emptied
 * or replaced: --force changes only whether files of the same names in the made folder are
 * replaced, never where they go. Checked before any request, like a file.
 */
export function madeFolder(ctx: Context, opts: SaveOptions): string {
  const given = opts.file === undefined ? ctx.cwd : resolve(ctx.cwd, expandHome(ctx, opts.file));
  const path = opts.file === undefined || isDirectory(given) ? join(given, opts.fallbackName) : given;
  if (!isDirectory(dirname(path))) throw usageError(`cannot save ${path}: ${dirname(path)} is not a directory`);
  if (existsSync(path) && !isDirectory(path)) throw usageError(`cannot save into ${path}: it is a file, not a folder`);
  if (existsSync(path) && !opts.force)
    throw usageError(`${path} already exists`, 'pass --force to replace the files of the same names in it (other files are kept)');
  return path;
}

/** `~` and `~/…` as a shell would read them, for a value the shell did not expand (`--file=~/x`). */
export function expandHome(ctx: Context, file: string): string {
  const home = ctx.env.HOME || ctx.env.USERPROFILE;
  if (!home || !(file === '~' || file.startsWith('~/'))) return file;
  return join(home, file.slice(1));
}

/**
 * Saves made files into a folder, the whole set or nothing: they are written into a temporary
 * folder beside the target first. A new target is that folder, renamed; into an existing one
 * (--force) each file is moved over its namesake, and a failure part-way puts back what was
 * replaced and removes what was added. Other files and folders in the target are never touched.
 */
export async function saveMadeFolder(
  ctx: Context,
  target: string,
  files: Array<{ name: string; bytes: Uint8Array }>,
  opts: SaveOptions,
): Promise<void> {
  const temp = temporaryPathFor(target);
  try {
    await mkdir(temp, { mode: 0o755 });
    for (const file of files) await writeFile(join(temp, file.name), file.bytes, { flag: 'wx', mode: 0o644 });
    if (!existsSync(target))
      await rename(temp, target).catch((error: NodeJS.ErrnoException) => {
        // Another program made the folder meanwhile: merged into under --force, kept otherwise.
        if (!existsSync(target)) throw error;
      });
    if (existsSync(temp)) {
      if (!opts.force)
        throw usageError(
          `${target} appeared while it was being written; it was kept`,
          'pass --force to replace the files of the same names in it',
        );
      await mergeInto(
        temp,
        target,
        files.map((file) => file.name),
      );
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot write into ${target}: ${(error as Error).message}; nothing of it was changed`, ExitCode.failure);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  const bytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  ctx.io.out(`${target}\n`);
  if (ctx.io.stderrIsTTY) ctx.info(`Saved ${files.length} ${opts.label} (${formatBytes(bytes)}).`);
}

/**
 * Moves each named file of `from` over its namesake in `into`, as one change: a namesake that is
 * a folder is refused before anything moves; a replaced file is first linked aside (so its name
 * never stands empty), and put back if a later move fails.
 */
async function mergeInto(from: string, into: string, names: string[]): Promise<void> {
  for (const name of names)
    if (isDirectory(join(into, name))) throw usageError(`cannot replace ${join(into, name)}: it is a folder; nothing was saved`);
  const aside = `${from}.kept`;
  await mkdir(aside, { mode: 0o700 });
  const moved: Array<{ name: string; replaced: boolean }> = [];
  try {
    for (const name of names) {
      const replaced = existsSync(join(into, name));
      if (replaced) await link(join(into, name), join(aside, name)).catch(() => copyFile(join(into, name), join(aside, name)));
      await rename(join(from, name), join(into, name));
      moved.push({ name, replaced });
    }
  } catch (error) {
    for (const { name, replaced } of moved.reverse())
      await (replaced ? rename(join(aside, name), join(into, name)) : rm(join(into, name), { force: true })).catch(() => undefined);
    throw error;
  } finally {
    await rm(aside, { recursive: true, force: true });
  }
}

function announceSaved(ctx: Context, path: string, bytes: number, label: string): void {
  if (path === '-') return;
  ctx.io.out(`${path}\n`);
  if (ctx.io.stderrIsTTY) ctx.info(`Saved ${label} (${formatBytes(bytes)}).`);
}

/** `20261123-101500`: a timestamp for default file names, in UTC so names sort across zones. */
export function fileStamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}
