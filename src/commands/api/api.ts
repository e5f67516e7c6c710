import { resolve } from 'node:path';
import { textOrOverflow } from '../../client/body.js';
import type { Method } from '../../client/http.js';
import { usageError } from '../../errors.js';
import { choice, HTTP_METHODS } from '../../input/choices.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { fieldsFrom, paramsFrom } from '../../cmdkit/flags.js';
import { readNamedFile } from '../../input/files.js';
import { readAll } from '../../input/stdin.js';
import { drained } from '../../io.js';
import { fileStamp, saveDownload } from '../../cmdkit/save-download.js';

const METHODS: readonly Method[] = HTTP_METHODS;

interface ApiOpts {
  field: string[];
  rawField: string[];
  param: string[];
  input?: string;
  header: string[];
  file?: string;
  force?: boolean;
}

export const runApi: ActionFn<ApiOpts> = async (ctx, { args, opts }) => {
  const method = choice('method', args[0] ?? '', METHODS, 'HTTP method');
  const headers = headersFrom(opts.header);
  const query = paramsFrom(opts);
  const hasFields = opts.field.length > 0 || opts.rawField.length > 0;
  if (opts.input !== undefined && hasFields) throw usageError('--input and -F/-f cannot be combined');
  const rawBody =
    opts.input === undefined
      ? undefined
      : opts.input === '-'
        ? await readAll(ctx.io.stdin, ctx.signal)
        : await readNamedFile(resolve(ctx.cwd, opts.input), opts.input);
  if (rawBody) headers['content-type'] ??= 'application/json';
  const settings = ctx.settings();
  const client = await ctx.client();
  const path = apiPath(args[1] ?? '', client.baseUrl.pathname);
  const body = hasFields ? fieldsFrom(opts) : undefined;
  if (opts.file !== undefined) {
    // The body as received, of any size, saved the way every download is (no redirect shown).
    await saveDownload(
      ctx,
      { method, path, query, headers, rawBody, body },
      { file: opts.file, force: opts.force, fallbackName: `api-${fileStamp(ctx.now())}`, label: 'answer' },
    );
    return;
  }
  // The escape hatch shows whatever came back, a redirect included.
  const res = await client.stream({ method, path, query, headers, rawBody, body, raw: true });
  const type = String(res.headers['content-type'] ?? '');
  // Copied as it arrives, waiting for the reader (a 700 MB answer holds a chunk or two).
  const copyOut = async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      if (ctx.io.stdoutClosed || ctx.io.writeError) break; // the reader went away: the rest is dropped
      if (!ctx.io.stdout.write(chunk)) await drained(ctx.io.stdout);
    }
  };
  // An answer that breaks off is the client's error: exit 7, and for a write, that the service
  // may have applied it (it is never sent again).
  const read = <T>(reading: Promise<T>) => reading.catch((error: unknown) => Promise.reject(res.broke(error)));
  if (!type.includes('json')) return void (await read(copyOut(res.body)));
  // JSON is shown through the renderer (-o) when it fits in memory; a larger answer is written as
  // received, since it could not be parsed anyway.
  const text = await read(textOrOverflow(res.body, client.maxBodyBytes, copyOut));
  if (text === undefined) return;
  const data = text.trim() ? JSON.parse(text) : null;
  await ctx.renderer({ format: settings.outputChosen && settings.output !== 'table' ? settings.output : 'json' }).object(data);
};

/** The path relative to the base URL; the base's own path prefix may be included or not. */
export function apiPath(given: string, basePath: string): string {
  if (/^[a-z]+:\/\//i.test(given)) throw usageError('give a path, not a URL', 'the host comes from --base-url or the profile');
  let path = given.startsWith('/') ? given : `/${given}`;
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) path = path.slice(basePath.length) || '/';
  if (path.includes('?')) throw usageError('put query parameters in --param k=v, not in the path');
  return path;
}

function headersFrom(pairs: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf(':');
    if (at <= 0) throw usageError(`-H takes name:value, not '${pair}'`);
    const name = pair.slice(0, at).trim().toLowerCase();
    if (name === 'authorization') throw usageError('-H cannot set Authorization', 'the key comes from the profile or TRIPCTL_API_KEY');
    const value = pair.slice(at + 1).trim();
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) throw usageError(`-H ${JSON.stringify(name)}: not a header name`);
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) throw usageError(`-H ${name}: the value has a control character`);
    headers[name] = value;
  }
  return headers;
}
