// Downloads (invoice PDFs, report exports) stream into a temporary file beside the target and are
// renamed only once every byte has arrived, so a cron job finds the whole file or none.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Writable } from 'node:stream';
import { CliError, ExitCode, InterruptedError, NetworkError, usageError } from '../errors.js';
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
  if (opts.file && opts.file !== '-') assertWritable(resolve(opts.cwd, opts.file), opts.force);
  const res = await client.stream({ ...req, headers: { accept: '*/*', ...req.headers } });
  const header = (name: string) => {
    const value = res.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const lengthHeader = header('content-length');
  const expected = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      opts.onProgress?.(bytes, expected);
      done(null, chunk);
    },
  });
  const checkComplete = () => {
    if (expected !== undefined && bytes !== expected) {
      throw new NetworkError(`download truncated: received ${bytes} of ${expected} bytes`);
    }
  };

  if (opts.file === '-') {
    try {
      await pipeline(res.body, counter, opts.stdout, { end: false });
    } catch (error) {
      throw streamError(error, opts.signal);
    }
    checkComplete();
    return { path: '-', bytes, contentType: header('content-type') };
  }

  const target = resolve(opts.cwd, opts.file ?? (await suggestedName(header('content-disposition'))) ?? opts.fallbackName);
  try {
    assertWritable(target, opts.force);
  } catch (error) {
    await res.body.dump().catch(() => undefined);
    throw error;
  }
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.part`);
  try {
    await pipeline(res.body, counter, createWriteStream(temp, { flags: 'wx', mode: 0o644 }));
    checkComplete();
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw streamError(error, opts.signal);
  }
  return { path: target, bytes, contentType: header('content-type') };
}

function assertWritable(path: string, force: boolean | undefined): void {
  if (!force && existsSync(path)) {
    throw usageError(`${path} already exists`, 'pass --force to replace it, or --file to choose another name');
  }
}

function streamError(error: unknown, signal: AbortSignal | undefined): Error {
  if (signal?.aborted) return new InterruptedError();
  if (error instanceof CliError) return error;
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
  const mod = (await import('content-disposition')) as typeof import('content-disposition') & { default?: typeof import('content-disposition') };
  const parse = mod.parse ?? mod.default?.parse;
  let name: string | undefined;
  try {
    name = parse(disposition).parameters.filename;
  } catch {
    return undefined;
  }
  return name ? safeFileName(name) : undefined;
}

export function safeFileName(name: string): string | undefined {
  // Only a base name: no directories, no hidden files, no control characters.
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').replace(/^\.+/, '').trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned.slice(0, 200) : undefined;
}
