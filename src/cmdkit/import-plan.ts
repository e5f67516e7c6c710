// What a re-run of a file would change: each row against the object it matches at the service
// (`trips publish --from-file`: the trip of the same vehicle and departure, or the same vehicle,
// route and day at another time — moved) is new, unchanged, or differs — each differing field
// named, old → new, as the operator reads it. A plan first, then (with --update) an apply, in the
// manner of `terraform plan` and `kubectl apply`: an object keeps its identity when an attribute
// changes, and what the file no longer holds is named (and, with --prune, cancelled).
import { toJson } from '../output/sanitize.js';
import type { Context } from '../context.js';
import { columnOf } from './import-columns.js';
import type { FieldFlag, ParseTools } from './operation-spec.js';

/** The object a row matches at the service; `current` is given when its fields may be compared. */
export interface Match {
  id: string;
  status?: string;
  current?: Record<string, unknown>;
  /**
   * Fields of the verb's `identity` that are compared all the same: a trip paired as moved (same
   * vehicle, route and day, another time) compares its departure; a row naming its trip by id, all.
   */
  compared?: readonly string[];
}

/** An object of the file's scope that no row stands for, as a person reads it. */
export interface Unlisted {
  id: string;
  text: string;
}

/** What the service already holds for a file: matches by row index, and objects the file no longer lists. */
export interface Found {
  matches: Map<number, Match>;
  /** Objects of the file's scope (its vehicles and days) that no row lists. */
  unlisted?: Unlisted[];
  /** Rows that cannot be paired without a guess (two candidates as near), or name an object not found: why, by row index. */
  unpaired?: Map<number, string>;
}

/** An item to pair: its exact identity (`key`), the group within which it may move (`group`), and where it sits (`at`). */
export interface Pairable {
  key: string;
  group: string;
  at: number;
}

/**
 * Pairs rows with objects: exact identities first; then, within a group (a trip's vehicle, route
 * and local day), the nearest `at` first. A nearest distance that two candidates share for the
 * same row or object would be a guess: those rows are returned as `ambiguous` (with the objects
 * they could be) and neither side is paired. Returns row index → object index.
 */
export function pairRows(rows: ReadonlyArray<Pairable | undefined>, objects: readonly Pairable[]) {
  const exact = new Map<number, number>();
  const moved = new Map<number, number>();
  const ambiguous = new Map<number, number[]>();
  const taken = new Set<number>();
  const byKey = new Map<string, number[]>();
  for (const [index, object] of objects.entries()) byKey.set(object.key, [...(byKey.get(object.key) ?? []), index]);
  for (const [index, row] of rows.entries()) {
    const candidate = row && byKey.get(row.key)?.find((o) => !taken.has(o));
    if (candidate === undefined) continue;
    exact.set(index, candidate);
    taken.add(candidate);
  }
  const left = (index: number) => rows[index] !== undefined && !exact.has(index) && !moved.has(index) && !ambiguous.has(index);
  for (;;) {
    let best = Number.POSITIVE_INFINITY;
    const nearest: Array<[number, number]> = [];
    for (const [r, row] of rows.entries()) {
      if (!row || !left(r)) continue;
      for (const [o, object] of objects.entries()) {
        if (taken.has(o) || object.group !== row.group) continue;
        const distance = Math.abs(object.at - row.at);
        if (distance < best) nearest.length = 0;
        if (distance <= best) {
          best = distance;
          nearest.push([r, o]);
        }
      }
    }
    if (nearest.length === 0) break;
    const rowCount = new Map<number, number>();
    const objectCount = new Map<number, number>();
    for (const [r, o] of nearest) {
      rowCount.set(r, (rowCount.get(r) ?? 0) + 1);
      objectCount.set(o, (objectCount.get(o) ?? 0) + 1);
    }
    for (const [r, o] of nearest) {
      if (rowCount.get(r) === 1 && objectCount.get(o) === 1) moved.set(r, o);
      else ambiguous.set(r, [...(ambiguous.get(r) ?? []), o]);
    }
    for (const [r, o] of nearest) if (moved.get(r) === o || ambiguous.has(r)) taken.add(o);
  }
  return { exact, moved, ambiguous };
}

export interface Difference {
  field: string;
  from: unknown;
  to: unknown;
}

export type RowPlan =
  | { kind: 'new' }
  | { kind: 'exists'; match: Match }
  | { kind: 'cancelled'; match: Match }
  | { kind: 'unpaired'; why: string }
  | { kind: 'unchanged'; match: Match }
  | { kind: 'differs'; match: Match; differences: Difference[]; text: string };

/** An ISO 8601 date-time: the same instant written with another offset is the same value. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Two values the same for the service: numbers and strings as they are, instants by instant, lists and objects by content. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string' && INSTANT.test(a) && INSTANT.test(b)) return Date.parse(a) === Date.parse(b);
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/**
 * The fields of a row that differ from the object it matches. Only the row's own values are
 * compared: a cell left empty says nothing (the vehicle's seats by default), and the fields that
 * say which object it is (`identity`) are equal by the match.
 */
export function differences(body: Record<string, unknown>, current: Record<string, unknown>, identity: readonly string[]): Difference[] {
  return Object.entries(body)
    .filter(([field, value]) => !identity.includes(field) && !same(current[field], value))
    .map(([field, to]) => ({ field, from: current[field], to }));
}

/**
 * `price 25,000.00 → 26,500.00 SYP; to Homs حمص (homs) → Aleppo حلب (aleppo)`: each field by its
 * column's name, each value as the review shows it. `offline` (a dry run) leaves out what would
 * need another request to name.
 */
export async function describeDifferences(tools: ParseTools, flags: readonly FieldFlag[], list: Difference[], offline: boolean) {
  const parts: string[] = [];
  for (const { field, from, to } of list) {
    const flag = flags.find((f) => f.field === field);
    const text = async (value: unknown) => {
      if (value === undefined || value === null || value === '') return '(none)';
      const plain = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
      if (!flag?.show || (offline && flag.showCalls)) return plain;
      return Promise.resolve(flag.show(value, tools)).catch(() => plain);
    };
    const change = flag?.change?.(from, to, tools) ?? `${await text(from)} → ${await text(to)}`;
    parts.push(`${flag ? (flag.changeLabel ?? columnOf(flag)) : field} ${change}`);
  }
  return parts.join('; ');
}

/** Each row's plan, from what the service holds. */
export async function planRows(
  tools: ParseTools,
  flags: readonly FieldFlag[],
  identity: readonly string[],
  bodies: Array<Record<string, unknown>>,
  found: Found,
  offline: boolean,
): Promise<RowPlan[]> {
  const plans: RowPlan[] = [];
  for (const [index, body] of bodies.entries()) {
    const match = found.matches.get(index);
    const why = found.unpaired?.get(index);
    if (why !== undefined) plans.push({ kind: 'unpaired', why });
    else if (!match) plans.push({ kind: 'new' });
    else if (match.status === 'cancelled') plans.push({ kind: 'cancelled', match });
    else if (!match.current) plans.push({ kind: 'exists', match });
    else {
      const compared = match.compared ?? [];
      const list = differences(
        body,
        match.current,
        identity.filter((field) => !compared.includes(field)),
      );
      plans.push(
        list.length
          ? { kind: 'differs', match, differences: list, text: await describeDifferences(tools, flags, list, offline) }
          : { kind: 'unchanged', match },
      );
    }
  }
  return plans;
}

/** `2 new, 9 unchanged, 1 differs`: the plan in one phrase, zero counts left out. */
export function planCounts(plans: RowPlan[]): string {
  const counts = { new: 0, unchanged: 0, differs: 0, exists: 0, cancelled: 0, unpaired: 0 };
  for (const plan of plans) counts[plan.kind] += 1;
  const parts = [
    `${counts.new} new`,
    counts.unchanged ? `${counts.unchanged} unchanged` : '',
    counts.differs ? `${counts.differs} differ${counts.differs === 1 ? 's' : ''}` : '',
    counts.exists ? `${counts.exists} exist${counts.exists === 1 ? 's' : ''} (not published)` : '',
    counts.cancelled ? `${counts.cancelled} cancelled at the service` : '',
    counts.unpaired ? `${counts.unpaired} not paired` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** The body of the change a differing row sends: only the fields that differ. */
export function changeBody(plan: RowPlan & { kind: 'differs' }): Record<string, unknown> {
  return Object.fromEntries(plan.differences.map((d) => [d.field, d.to]));
}

/**
 * Names the published objects of the file's scope that no row stands for: those its rows stood for
 * before (`removed`: rows taken out, cancelled with --prune, else left on sale and said so), and in
 * one line those published some other way (`others`: never pruned; listed with --verbose).
 */
export function reportUnlisted(
  ctx: Context,
  { removed, others }: { removed: readonly Unlisted[]; others: readonly Unlisted[] },
  source: string,
  what: string,
  opts: { pruning: boolean; verbose: boolean },
): void {
  if (removed.length) {
    const one = removed.length === 1;
    const fate = opts.pruning ? '--prune cancels what has no bookings' : `still on sale; --prune cancels ${one ? 'it' : 'them'}`;
    ctx.info(`${removed.length} published ${what}${one ? '' : 's'} no longer in ${source}, ${fate}:`);
    for (const { text } of removed) ctx.info(`  ${text}`);
  }
  if (others.length) {
    const one = others.length === 1;
    ctx.info(
      `${others.length} other published ${what}${one ? '' : 's'} of these vehicles and days ${one ? 'was' : 'were'} not published from ${source} (left alone${opts.verbose ? '' : '; --verbose lists them'})${opts.verbose ? ':' : ''}`,
    );
    if (opts.verbose) for (const { text } of others) ctx.info(`  ${text}`);
  }
}

/** A dry run's line for a row that already matches something: what a run would do with it. */
export function dryRunLine(
  ctx: Context,
  line: number,
  plan: RowPlan,
  update: { allowed: boolean; path?: (id: string) => string; none?: string },
): void {
  if (plan.kind === 'exists')
    ctx.info(`line ${line}: exists (${plan.match.id}, ${plan.match.status ?? 'not published'}); would be skipped`);
  else if (plan.kind === 'unchanged') ctx.info(`line ${line}: unchanged (${plan.match.id}); would be skipped`);
  else if (plan.kind === 'differs') {
    const unsent = update.none ? '; not sent' : '; not sent without --update';
    ctx.info(`line ${line}: differs (${plan.match.id}): ${plan.text}${update.allowed ? '' : unsent}`);
    if (update.allowed && update.path)
      ctx.io.out(`${toJson({ line, method: 'PATCH', path: update.path(plan.match.id), body: changeBody(plan) })}\n`);
  }
}

/** Why a row is held: its trip was cancelled (and how to publish it again), or which trip it is cannot be told without a guess. */
export function heldText(plan: RowPlan & { kind: 'cancelled' | 'unpaired' }): string {
  if (plan.kind === 'unpaired') return `${plan.why}; not sent`;
  return `not sent: an import never sells a cancelled trip again; to publish it again, run \`tripctl trips publish\` with this row's values once, or take the row out`;
}
