// Downloads (invoice PDFs, report exports) stream into a temporary file beside the target and are
// renamed only once every byte has arrived, so a cron job finds the whole file or none.
import { createWriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CliError, ExitCode, NetworkError, usageError } from '../errors.js';
import { assertWritable, isDirectory, publishFile, removeTemporary, temporaryPathFor } from './atomic-write.js';
import type { ApiClient, RequestOptions, StreamResponse } from './http.js';
import { mayRepeat } from './repeat.js';
import { badAnswer } from './shape.js';

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
  const call = `${req.method} ${req.path}`;
  const fetchBody = async () => {
    const res = await client.stream({ ...req, headers: { accept: '*/*', ...req.headers } });
    try {
      return { res, expected: checkFileAnswer(res, call) };
    } catch (error) {
      res.body.destroy();
      throw res.broke(error);
    }
  };
  let { res, expected } = await fetchBody();
  const header = (name: string) => headerOf(res.headers, name);
  let bytes = 0;
  /**
   * The body into `into` through a pipeline, so a slow disk or reader slows the download rather
   * than filling memory; each chunk is counted (progress) on its way. Then the whole of it, checked
   * against this answer's own Content-Length (a retried answer may differ from the first).
   */
  const copy = async (into: Writable | ((chunks: AsyncIterable<Buffer>) => Promise<void>)) => {
    bytes = 0;
    const counted = async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        bytes += chunk.length;
        opts.onProgress?.(bytes, expected);
        yield chunk;
      }
    };
    await pipeline(res.body, counted, into);
    if (expected !== undefined && bytes !== expected) {
      throw new NetworkError(`download truncated: received ${bytes} of ${expected} bytes`);
    }
    if (bytes === 0) throw badAnswer(call, 'is empty where a file was expected; nothing was saved');
  };

  if (opts.file === '-') {
    try {
      // stdout is not the pipeline's to end or destroy: it is written to here, with its backpressure.
      await copy((chunks) => writeAll(opts.stdout, chunks));
    } catch (error) {
      throw streamError(error, res);
    }
    return { path: '-', bytes, contentType: header('content-type') };
  }

  const target =
    intoDir || opts.file === undefined
      ? join(dir, (await suggestedName(header('content-disposition'), (name) => client.redact(name))) ?? opts.fallbackName)
      : resolve(opts.cwd, opts.file);
  try {
    assertWritable(target, opts.force);
  } catch (error) {
    res.body.destroy();
    throw res.broke(error);
  }
  const temp = temporaryPathFor(target);
  for (let attempt = 0; ; attempt++) {
    // A retry starts the file again: the temp name is ours alone (created exclusively first).
    const out = createWriteStream(temp, { flags: attempt === 0 ? 'wx' : 'w', mode: 0o644 });
    try {
      await copy(out);
      await publishFile(temp, target, opts.force);
      break;
    } catch (error) {
      // A body that breaks at once can fail the copy while the file's open is still under way: the
      // stream is waited for until it has closed, so the temporary file is removed after it came
      // to exist, never before (on a busy machine it was left behind).
      if (!out.closed) await new Promise<void>((done) => out.once('close', () => done()).destroy());
      const failure = streamError(error, res);
      // A connection that broke mid-body is retried like one that broke before the answer, when
      // the request may be sent again (a GET: a report, an invoice); a write (`api POST … --file`)
      // is sent once, and its error says the service may have applied it. A time-out, an
      // interrupt or a local write error is not retried.
      const broke = failure instanceof NetworkError && !res.timedOut() && !opts.signal?.aborted;
      if (broke && mayRepeat(req) && attempt < client.retries) {
        await client.pauseBeforeRetry(attempt);
        ({ res, expected } = await fetchBody().catch(async (next: unknown) => {
          await removeTemporary(temp);
          throw next;
        }));
        continue;
      }
      await removeTemporary(temp);
      throw failure;
    }
  }
  return { path: target, bytes, contentType: header('content-type') };
}

/**
 * What a 2xx answer must be for its body to be the file: something (not 204 or 205), framed by
 * length or chunks only, and not content-encoded (tripctl asks for no encoding and decodes none):
 * any other coding would be saved as bytes that are not the file. Gives the declared length.
 */
function checkFileAnswer(res: StreamResponse, call: string): number | undefined {
  if (res.status === 204 || res.status === 205)
    throw badAnswer(call, `is HTTP ${res.status} (no content) where a file was expected; nothing was saved`);
  const transfer = headerOf(res.headers, 'transfer-encoding');
  if (transfer !== undefined && transfer.trim().toLowerCase() !== 'chunked')
    throw badAnswer(call, `is sent with Transfer-Encoding: ${transfer}, which tripctl does not decode; nothing was saved`);
  const content = headerOf(res.headers, 'content-encoding');
  if (content !== undefined && content.trim().toLowerCase() !== 'identity')
    throw badAnswer(call, `is sent with Content-Encoding: ${content}, which tripctl does not decode; nothing was saved`);
  const length = headerOf(res.headers, 'content-length');
  return length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
}

function headerOf(headers: StreamResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Every chunk to a writer the caller owns (stdout): the loop moves on while the writer has room
 * and waits for the last chunk to be taken when it has none, so a slow reader slows the download
 * rather than filling memory. A write error ends the copy (a reader gone is EPIPE).
 */
async function writeAll(writer: Writable, chunks: AsyncIterable<Buffer>): Promise<void> {
  let failed: Error | undefined | null;
  let taken: Promise<void> = Promise.resolve();
  for await (const chunk of chunks) {
    if (failed) throw failed;
    taken = new Promise((resolve) =>
      writer.write(chunk, (error) => {
        failed ??= error;
        resolve();
      }),
    );
    if (writer.writableNeedDrain) await taken;
  }
  await taken;
  if (failed) throw failed;
}

/** A failed copy as tripctl's error; the answer's own `broke` adds what a lost write must say. */
function streamError(error: unknown, res: StreamResponse): Error {
  if (error instanceof CliError) return res.broke(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code && /^E[A-Z]+$/.test(code) && code !== 'ECONNRESET' && code !== 'EPIPE' && !res.timedOut()) {
    return res.broke(new CliError(`cannot write the file: ${(error as Error).message}`, ExitCode.failure));
  }
  if (res.timedOut())
    return res.broke(new NetworkError('the download did not finish within the time-out', 'raise --timeout for large files'));
  return res.broke(new NetworkError(`download broke off: ${(error as Error).message}`));
}

/** The file name from Content-Disposition, reduced to a safe base name, if there is one. */
export async function suggestedName(
  disposition: string | undefined,
  redact: (name: string) => string = (name) => name,
): Promise<string | undefined> {
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
  // A name that holds the key would show it to anyone who lists the directory: masked in the
  // name itself, so the path printed is the path saved.
  return name ? safeFileName(redact(name)) : undefined;
}

/** Room left in a 255-byte file name for the temporary name's `.` prefix and `.xxxxxxxx.part`. */
const MAX_NAME_BYTES = 255 - 15;

/**
 * Names Windows keeps for devices, with any extension and in any case: saving `nul.pdf` there
 * writes to the null device, `lpt1` to a printer port. The part before the first dot counts, its
 * trailing spaces ignored, as Windows reads it.
 */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3]|conin\$|conout\$)$/i;

/** Windows drops a name's trailing dots and spaces, so `report.pdf.` would be saved as another name than the one printed. */
const trimEnd = (name: string) => name.replace(/[. ]+$/, '');

export function safeFileName(name: string): string | undefined {
  // Only a base name: no directories, no hidden files, no control, C1 or bidi characters
  // (a right-to-left override can make `fdp.exe` read as `exe.pdf`), and one Windows can save
  // under that very name (see WINDOWS_DEVICE, trimEnd).
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = trimEnd(
    base
      .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '_')
      .replace(/[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/^\.+/, '')
      .trim(),
  );
  if (!cleaned) return undefined;
  const device = WINDOWS_DEVICE.test(cleaned.split('.')[0]!.trimEnd());
  return trimEnd(cutToBytes(device ? `_${cleaned}` : cleaned, MAX_NAME_BYTES));
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
