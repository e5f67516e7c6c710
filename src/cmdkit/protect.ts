// Protected profiles: a profile marked `protected` (tripctl profiles protect NAME) makes every
// command that changes something at the service ask first on a terminal, naming the profile and
// the company, and refuse without one unless --yes was given — before anything is sent.
//
// The check is made once, by the action wrapper every verb goes through (define.ts `lazy`), for
// every verb whose declared calls include a write. Without a terminal it refuses there and then.
// On a terminal the question is put off until just before the first write leaves (the context's
// client waits on `ctx.beforeWrite`), so it comes after the verb's own checks and can say what is
// about to happen: a verb may ask early with its own words (`approve 12 bookings`), and any write
// it did not announce still asks, in general words, before it is sent.
import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { Profile } from '../config/store.js';
import { usageError } from '../errors.js';
import { sanitizeLine } from '../output/sanitize.js';
import { proceedOrCancel, type QuestionRows } from './confirm.js';

/** `LIVE · Qasioun Express`: the profile in capitals and the company, as saved at login. */
export function protectedLabel(profileName: string, profile: Profile): string {
  let company = profile.companyName;
  if (!company && profile.baseUrl) {
    try {
      company = new URL(profile.baseUrl).host;
    } catch {
      // A bad base URL is reported where it is used; the label just leaves it out.
    }
  }
  return company ? `${profileName.toUpperCase()} · ${company}` : profileName.toUpperCase();
}

/** `tripctl bookings approve` → `bookings approve`. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

export async function guardWrites(ctx: Context, command: Command, args: unknown[]): Promise<void> {
  const { profileName, profile } = ctx.selection();
  if (profile.protected !== true || ctx.settings().yes) {
    // An assistant's write (`tripctl mcp`) is put to a person through its client; a protected
    // profile's own rule above comes first, and without a terminal it refuses.
    if (ctx.confirmWrites) ctx.beforeWrite = ctx.confirmWrites;
    return;
  }
  const label = protectedLabel(profileName, profile);
  const verb = commandPath(command);
  if (!ctx.canPrompt) {
    throw usageError(
      `profile '${profileName}' is protected (${label}): '${verb}' changes data and needs --yes without a terminal`,
      'nothing was sent; pass --yes to confirm, or run it on a terminal to be asked',
    );
  }
  const ids = args.flat().filter((arg): arg is string => typeof arg === 'string');
  const generic = [verb, ...ids.slice(0, 3), ...(ids.length > 3 ? ['…'] : [])].join(' ');
  let answer: Promise<void> | undefined;
  // The verb's own question and the rows it lists (a trip cancel's passengers) are asked as one.
  ctx.beforeWrite = (what, rows) => {
    answer ??= ask(ctx, label, what ?? generic, rows).then(() => {
      ctx.beforeWrite = undefined;
    });
    return answer;
  };
}

async function ask(ctx: Context, saved: string, what: string, rows: QuestionRows | undefined): Promise<void> {
  const label = await withCompany(ctx, saved);
  // A verb's own question (`Delete schedule X? Trips already published stay.`) keeps its mark.
  const action = what.includes('?') ? what : `${what}?`;
  const question = `${await paint(ctx, label)} — ${action.charAt(0).toLowerCase()}${action.slice(1)}`;
  await proceedOrCancel(ctx, question, false, rows);
}

/**
 * The label with the company's name, which `auth login` saves: a profile saved without it (by
 * hand, or by an older tripctl) asks the service once — a read, before the write — and keeps it.
 */
async function withCompany(ctx: Context, saved: string): Promise<string> {
  const { profileName, profile } = ctx.selection();
  if (profile.companyName) return saved;
  try {
    const { data } = await (await ctx.client()).request({ method: 'GET', path: '/company', expect: { kind: 'object', key: 'company' } });
    const company = (data as { company?: { name?: unknown } }).company ?? (data as { name?: unknown });
    if (typeof company.name !== 'string' || company.name.trim() === '') return saved;
    const name = sanitizeLine(company.name.trim());
    await ctx.config
      .update((config) => {
        const kept = config.profiles[profileName];
        if (kept) kept.companyName = name;
      })
      .catch(() => undefined);
    return protectedLabel(profileName, { ...profile, companyName: name });
  } catch {
    // The question still names the profile and the service's host.
    return saved;
  }
}

/** White on red on a colour terminal, so the live profile cannot be mistaken for another. */
async function paint(ctx: Context, label: string): Promise<string> {
  if (!ctx.colorOn('stderr')) return label;
  const { Chalk } = await import('chalk');
  return new Chalk({ level: 1 }).bold.white.bgRed(` ${label} `);
}
