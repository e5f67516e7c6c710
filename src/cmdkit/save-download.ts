// The one way a command saves a file, from the service (invoice, report export) or made here
// (a trip's manifest): atomic, never overwriting without --force, `-` for stdout, and in cron (no
// terminal) the saved path as the only line on stdout. Downloads show a spinner with bytes.
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
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
      file: opts.file,
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
  const given = opts.file === undefined ? ctx.cwd : resolve(ctx.cwd, opts.file);
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
 * Where a folder of made files goes (`tickets --all` as PNGs): `--file` names the new folder, or an
 * existing directory to make it in; else the default name in the working directory. Checked before
 * any request, like a file.
 */
export function madeFolder(ctx: Context, opts: SaveOptions): string {
  const given = opts.file === undefined ? ctx.cwd : resolve(ctx.cwd, opts.file);
  const path = opts.file === undefined || (isDirectory(given) && !opts.force) ? join(given, opts.fallbackName) : given;
  if (!isDirectory(dirname(path))) throw usageError(`cannot save ${path}: ${dirname(path)} is not a directory`);
  assertWritable(path, opts.force);
  return path;
}

/**
 * Saves made files as one folder that appears whole: written into a temporary folder beside the
 * target, which then takes the target's name. With --force an existing target is moved aside
 * first and removed once the new folder is in place.
 */
export async function saveMadeFolder(
  ctx: Context,
  target: string,
  files: Array<{ name: string; bytes: Uint8Array }>,
  opts: SaveOptions,
): Promise<void> {
  assertWritable(target, opts.force);
  const temp = temporaryPathFor(target);
  const aside = temporaryPathFor(target);
  let moved = false;
  try {
    await mkdir(temp, { mode: 0o755 });
    for (const file of files) await writeFile(join(temp, file.name), file.bytes, { flag: 'wx', mode: 0o644 });
    if (existsSync(target)) {
      if (!opts.force) throw usageError(`${target} appeared while it was being written; it was kept`, 'pass --force to replace it');
      await rename(target, aside);
      moved = true;
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    // What was there before is put back when the new folder could not take its place.
    if (moved && !existsSync(target)) await rename(aside, target).catch(() => undefined);
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot write ${target}: ${(error as Error).message}`, ExitCode.failure);
  }
  if (moved) await rm(aside, { recursive: true, force: true });
  const bytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  ctx.io.out(`${target}\n`);
  if (ctx.io.stderrIsTTY) ctx.info(`Saved ${files.length} ${opts.label} (${formatBytes(bytes)}).`);
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
