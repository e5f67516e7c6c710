// The one way a command saves a file from the service (invoice, report export): atomic, never
// overwriting without --force, a spinner with bytes on a terminal, and in cron (no terminal) the
// saved path as the only line on stdout.
import { download } from '../client/download.js';
import type { RequestOptions } from '../client/http.js';
import type { Context } from '../context.js';
import { formatBytes } from '../output/bytes.js';

export interface SaveOptions {
  file?: string;
  force?: boolean;
  /** Used when the service suggests no name. */
  fallbackName: string;
  /** What is being fetched, for the spinner: "invoice", "bookings report". */
  label: string;
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
      stdout: ctx.io.stdout,
      signal: ctx.signal,
      onProgress: (bytes, total) =>
        progress.update(`Downloading ${opts.label}… ${formatBytes(bytes)}${total ? ` of ${formatBytes(total)}` : ''}`),
    });
    progress.stop();
    if (result.path !== '-') {
      ctx.io.out(`${result.path}\n`);
      if (ctx.io.stderrIsTTY) ctx.info(`Saved ${opts.label} (${formatBytes(result.bytes)}).`);
    }
  } finally {
    progress.stop();
  }
}

/** `20261123-101500`: a timestamp for default file names, in UTC so names sort across zones. */
export function fileStamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}
