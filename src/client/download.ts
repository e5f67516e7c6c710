// Downloads (invoice PDFs, report exports) stream into a temporary file beside the target and are
// renamed only once every byte has arrived, so a cron job finds the whole file or none.
import { closeSync, openSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { CliError, ExitCode, InterruptedError, NetworkError, usageError } from '../errors.js';
import { assertWritable, isDirectory, publishFile, temporaryPathFor } from './atomic-write.js';
import { writeEach } from './exchange.js';
import type { ApiClient, RequestOptions } from './http.js';

export interface DownloadOptions {
  /** Target path, `-` for stdout, or undefined for the name the service suggests. */
  file?: string;
  force?: boolean;
  /** Directory for a default name. */
  cwd: string;
  /** Name to use when the service suggests none. */
  fallbackName: string;
  stdout: Writable;
  signal?: AbortSignal;
  onProgress?: (bytes: number, total: number | undefined) => void;
}

export interface DownloadResult {
  /** Absolute path written, or '-' for stdout. */
  path: string;
  bytes: number;
  contentType: string | undefined;
}

export async function download(client: ApiClient, req: RequestOptions, opts: DownloadOptions): Promise<DownloadResult> {
  // `--file DIR/` or an existing directory: saved inside it, under the service's name.
  const intoDir = opts.file !== undefined && opts.file !== '-' && (/[\\/]$/.test(opts.file) || isDirectory(resolve(opts.cwd, opts.file)));
  if (intoDir && !isDirectory(resolve(opts.cwd, opts.file!))) throw usageError(`${opts.file} is not a directory`);
  const dir = intoDir ? resolve(opts.cwd, opts.file!) : opts.cwd;
  if (opts.file && opts.file !== '-' && !intoDir) assertWritable(resolve(opts.cwd, opts.file), opts.force);
  const fetchBody = () => client.stream({ ...req, headers: { accept: '*/*', ...req.headers } });
  let res = await fetchBody();
  const header = (name: string) => {
    const value = res.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const lengthHeader = header('content-length');
  const expected = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  let bytes = 0;
  /**
   * Socket to file with nothing in between: each chunk (a view of the connection's one read
   * buffer, see direct.ts) is counted and written before the next read reuses the buffer, so a
   * download holds one chunk in memory whatever its size.
   */
  const copy = async (write: (chunk: Buffer) => void | Promise<void>) => {
    bytes = 0;
    await res.body.each((chunk) => {
      bytes += chunk.length;
      opts.onProgress?.(bytes, expected);
      return write(chunk);
    });
  };
  const checkComplete = () => {
    if (expected !== undefined && bytes !== expected) {
      throw new NetworkError(`download truncated: received ${bytes} of ${expected} bytes`);
    }
  };

  if (opts.file === '-') {
    try {
      await copy(writeEach(opts.stdout));
    } catch (error) {
      throw streamError(error, opts.signal, res.timedOut());
    }
    checkComplete();
    return { path: '-', bytes, contentType: header('content-type') };
  }

  const target =
    intoDir || opts.file === undefined
      ? join(dir, (await suggestedName(header('content-disposition'))) ?? opts.fallbackName)
      : resolve(opts.cwd, opts.file);
  try {
    assertWritable(target, opts.force);
  } catch (error) {
    await res.body.dump().catch(() => undefined);
    throw error;
  }
  const temp = temporaryPathFor(target);
  for (let attempt = 0; ; attempt++) {
    try {
      // A retry starts the file again: the temp name is ours alone (created exclusively first).
      // Written synchronously: a regular file takes a chunk at page-cache speed, and the read
      // buffer is free again the moment the write returns (a queued write would need a copy).
      const fd = openSync(temp, attempt === 0 ? 'wx' : 'w', 0o644);
      try {
        await copy((chunk) => writeWhole(fd, chunk));
      } finally {
        closeSync(fd);
      }
      checkComplete();
      await publishFile(temp, target, opts.force);
      break;
    } catch (error) {
      const failure = streamError(error, opts.signal, res.timedOut());
      // A connection that broke mid-body is retried like one that broke before the answer (a
      // download is a GET); a time-out, an interrupt or a local write error is not.
      const broke = failure instanceof NetworkError && !res.timedOut() && !opts.signal?.aborted;
      if (broke && attempt < client.retries) {
        await client.pauseBeforeRetry(attempt);
        res = await fetchBody().catch(async (next: unknown) => {
          await rm(temp, { force: true });
          throw next;
        });
        continue;
      }
      await rm(temp, { force: true });
      throw failure;
    }
  }
  return { path: target, bytes, contentType: header('content-type') };
}

function writeWhole(fd: number, chunk: Buffer): void {
  for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at);
}

function streamError(error: unknown, signal: AbortSignal | undefined, timedOut = false): Error {
  if (signal?.aborted) return new InterruptedError();
  if (error instanceof CliError) return error;
  if (timedOut) return new NetworkError('the download did not finish within the time-out', 'raise --timeout for large files');
  const code = (error as NodeJS.ErrnoException).code;
  if (code && /^E[A-Z]+$/.test(code) && code !== 'ECONNRESET' && code !== 'EPIPE') {
    return new CliError(`cannot write the file: ${(error as Error).message}`, ExitCode.failure);
  }
  return new NetworkError(`download broke off: ${(error as Error).message}`);
}

/** The file name from Content-Disposition, reduced to a safe base name, if there is one. */
export async function suggestedName(disposition: string | undefined): Promise<string | undefined> {
  if (!disposition) return undefined;
  // A CommonJS module: in the esbuild bundle its exports arrive as `default` only, so a named
  // import would be undefined there (and the TypeError below would hide it).
  const mod = (await import('content-disposition')) as typeof import('content-disposition') & {
    default?: typeof import('content-disposition');
  };
  const parse = mod.parse ?? mod.default?.parse;
  let name: string | undefined;
  try {
    name = parse(disposition).parameters.filename;
  } catch {
    return undefined;
  }
  return name ? safeFileName(name) : undefined;
}

/** Room left in a 255-byte file name for the temporary name's `.` prefix and `.xxxxxxxx.part`. */
const MAX_NAME_BYTES = 255 - 15;

export function safeFileName(name: string): string | undefined {
  // Only a base name: no directories, no hidden files, no control, C1 or bidi characters
  // (a right-to-left override can make `fdp.exe` read as `exe.pdf`).
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '_')
    .replace(/[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^\.+/, '')
    .trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return undefined;
  return cutToBytes(cleaned, MAX_NAME_BYTES);
}

/** Cut by UTF-8 bytes, on a character boundary, keeping the extension when there is one. */
function cutToBytes(name: string, max: number): string {
  if (Buffer.byteLength(name) <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  let stem = '';
  let bytes = Buffer.byteLength(ext);
  for (const char of name.slice(0, name.length - ext.length)) {
    const size = Buffer.byteLength(char);
    if (bytes + size > max) break;
    stem += char;
    bytes += size;
  }
  return stem + ext;
}
