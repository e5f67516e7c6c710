// What a file's imports manage: the ids of the objects its rows stood for (matched or created) at
// the end of its last run on this machine, kept in the config dir per company and file. A trip of
// the file's vehicles and days that no row stands for is then either a row taken out of the file
// ("no longer in" it: --prune cancels it) or a trip published some other way (a schedule, the
// dashboard, another file), which is counted and left alone — as `kubectl apply --prune` deletes
// only the objects it manages. A machine without the record (a first run, another host) prunes
// nothing it did not see come from the file.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { derivedIdempotencyKey } from '../client/idempotency.js';
import { writePrivateFileSync } from '../config/private-file.js';
import type { Context } from '../context.js';

/** The company behind the key, named by a hash of the base URL and the key (never the key itself). */
export function companyTag(ctx: Context): string {
  const settings = ctx.settings();
  return derivedIdempotencyKey('company', settings.baseUrl ?? '', settings.apiKey ?? settings.profileName).slice(-16);
}

/** Where the record of a file's imports lives: one per company, verb and file (by its absolute path; stdin is one file). */
export function managedPath(ctx: Context, what: string, source: string): string {
  const file = source === 'stdin' ? 'stdin' : resolve(ctx.cwd, source);
  return join(ctx.config.dir, 'imports', `${what}s-${companyTag(ctx)}-${derivedIdempotencyKey('file', file).slice(-16)}.json`);
}

/** The ids the file's last run stood for; none when it has no record here (or one that cannot be read). */
export function readManaged(path: string): Set<string> {
  try {
    const { ids } = JSON.parse(readFileSync(path, 'utf8')) as { ids?: unknown };
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Keeps the record for the next run; a record that cannot be written is said, and only costs that run's pruning. */
export function writeManaged(ctx: Context, path: string, ids: Iterable<string>): void {
  if (!writePrivateFileSync(path, `${JSON.stringify({ ids: [...new Set(ids)].sort() })}\n`))
    ctx.warn(`could not keep the record of this file's trips (${path}); the next run cannot tell its removed rows`);
}
