// `tripctl webhooks inspect DIR`: the inspector page of `listen --inspect`, over the deliveries a
// `listen --save DIR` kept, to read them and replay them to a handler (re-signed with the given
// secret, or the one kept for the files' endpoint).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError, ExitCode, usageError } from '../../errors.js';
import { handlerUrl } from '../../webhooks/endpoint-url.js';
import { keptSecret } from '../../webhooks/kept-secrets.js';
import { type ReadDelivery, readSavedFile } from '../../webhooks/saved.js';
import type { ActionFn } from '../../cmdkit/define.js';

export const runInspect: ActionFn<{ port: number; forwardTo?: string; secret?: string; forwardTimeout?: number }> = async (
  ctx,
  { args, opts },
) => {
  const dir = args[0]!;
  const forwardTo = opts.forwardTo !== undefined ? handlerUrl('--forward-to', opts.forwardTo) : undefined;
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw usageError(`no such folder: ${dir}`);
    if (code === 'ENOTDIR') throw usageError(`${dir} is a file, not a folder`, 'give the folder of `listen --save DIR`');
    if (code === 'EACCES' || code === 'EPERM') throw usageError(`not allowed to read ${dir}`);
    throw error;
  }
  const saved: Array<{ file: string; delivery: ReadDelivery }> = [];
  for (const name of names) {
    const file = join(dir, name);
    try {
      saved.push({ file, delivery: await readSavedFile(file) });
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      ctx.warn(`${error.message}; skipped`);
    }
  }
  if (saved.length === 0) throw usageError(`${dir} holds no saved deliveries`, 'save them with `tripctl webhooks listen --save DIR`');

  const given = opts.secret ?? (ctx.env.TRIPCTL_WEBHOOK_SECRET || undefined);
  const secretFor = (endpointId: string | undefined) => given ?? (endpointId !== undefined ? keptSecret(ctx, endpointId) : undefined);
  ctx.io.addSecret(given);
  for (const { delivery } of saved) ctx.io.addSecret(secretFor(delivery.endpointId));

  const { openInspector, fromSaved } = await import('../../webhooks/inspector/open.js');
  const inspector = await openInspector(ctx, {
    port: opts.port,
    forwardTo,
    forwardTimeoutMs: opts.forwardTimeout,
    secret: (entry) => secretFor(entry?.endpointId),
    source: `${saved.length} saved ${saved.length === 1 ? 'delivery' : 'deliveries'} in ${dir}`,
  });
  for (const { file, delivery } of saved) inspector.add(fromSaved(inspector.history.seq(), delivery, file, secretFor(delivery.endpointId)));
  ctx.info(
    `Showing ${saved.length} saved ${saved.length === 1 ? 'delivery' : 'deliveries'}${forwardTo ? `; Replay sends to ${forwardTo.href}` : ''}. Ctrl-C stops.`,
  );

  ctx.keepAlive = true;
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) return resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await inspector.close();
  ctx.keepAlive = false;
  return ExitCode.ok;
};
