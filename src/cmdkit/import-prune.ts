// `--prune`: the objects of a file's scope (a timetable's vehicles and days) that no row stands for
// any more are cancelled, as `kubectl apply --prune` deletes only what the configuration no longer
// holds, and only when asked. A trip with passengers is never cancelled unattended: the run names
// them and their phones, cancels the others and ends non-zero; on a terminal each is asked about.
import type { Context } from '../context.js';
import { ExitCode } from '../errors.js';
import { passengerText, type Passenger } from './booking-details.js';
import { Held, runBulk } from './bulk.js';
import type { BulkReport } from './bulk-output.js';
import type { Unlisted } from './import-plan.js';
import type { ImportVerb } from './import-verb.js';

/** `2 passengers: Rami Haddad +963944120001, لينا خوري +963944120002`. */
export function passengersText(list: readonly Passenger[]): string {
  return `${list.length} passenger${list.length === 1 ? '' : 's'}: ${list.map(passengerText).join(', ')}`;
}

/**
 * On a terminal, the person says which booked objects to cancel all the same (default: keep).
 * Unattended, none is: returns the ids a person agreed to.
 */
export async function askBookedPrunes(
  ctx: Context,
  unlisted: readonly Unlisted[],
  passengers: ReadonlyMap<string, readonly Passenger[]>,
): Promise<Set<string>> {
  const agreed = new Set<string>();
  if (!ctx.canPrompt) return agreed;
  for (const { id, text } of unlisted) {
    const booked = passengers.get(id) ?? [];
    if (booked.length === 0) continue;
    const prompter = await ctx.prompter();
    if (await prompter.confirm(`Cancel ${text} all the same? It has ${passengersText(booked)}`, false)) agreed.add(id);
  }
  return agreed;
}

/**
 * Cancels the unlisted objects: one line each (`ID<TAB>cancelled`, or `ID<TAB>kept<TAB>booked: 2
 * passengers: …`), a summary, and the exit code (kept ones: 8, differences not sent).
 */
export async function pruneUnlisted(
  ctx: Context,
  verb: ImportVerb & { prune: NonNullable<ImportVerb['prune']> },
  unlisted: readonly Unlisted[],
  passengers: ReadonlyMap<string, readonly Passenger[]>,
  agreed: ReadonlySet<string>,
  concurrency: number,
  report: BulkReport,
): Promise<{ code: number; cancelled: string[] }> {
  const client = await ctx.client();
  const cancelled: string[] = [];
  const code = await runBulk(
    ctx,
    unlisted.map((u) => u.id),
    {
      done: 'cancelled',
      concurrency,
      report,
      act: async (id) => {
        const booked = passengers.get(id) ?? [];
        if (booked.length && !agreed.has(id))
          return new Held(
            id,
            'kept',
            `booked: ${passengersText(booked)}; tell them, then cancel it with tripctl ${verb.resultKey}s cancel ${id}`,
            ExitCode.differs,
            {
              passengers: booked,
            },
          );
        await client.request({ method: 'DELETE', path: verb.prune.path(id) });
        cancelled.push(id);
        return { id, outcome: 'cancelled' };
      },
      describe: () => 'cancelled (no longer in the sheet)',
    },
  );
  return { code, cancelled };
}
