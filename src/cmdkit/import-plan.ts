// What a re-run of a file would change: each row against the object it matches at the service
// (`trips publish --from-file`: the trip of the same vehicle and departure) is new, unchanged, or
// differs — each differing field named, old → new, as the operator reads it. A plan first, then
// (with --update) an apply, in the manner of `kubectl diff` and `kubectl apply`.
import { toJson } from '../output/sanitize.js';
import type { Context } from '../context.js';
import { columnOf } from './import-columns.js';
import type { FieldFlag, ParseTools } from './operation-spec.js';

/** The object a row matches at the service; `current` is given when its fields may be compared. */
export interface Match {
  id: string;
  status?: string;
  current?: Record<string, unknown>;
}

/** What the service already holds for a file: matches by row index, and objects the file no longer lists. */
export interface Found {
  matches: Map<number, Match>;
  /** Objects of the file's scope (its vehicles and days) that no row lists, as a person reads them. */
  unlisted?: string[];
}

export interface Difference {
  field: string;
  from: unknown;
  to: unknown;
}

export type RowPlan =
  | { kind: 'new' }
  | { kind: 'exists'; match: Match }
  | { kind: 'unchanged'; match: Match }
  | { kind: 'differs'; match: Match; differences: Difference[]; text: string };

/** Two values the same for the service: numbers and strings as they are, lists and objects by content. */
function same(a: unknown, b: unknown): boolean {
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
    parts.push(`${flag ? columnOf(flag) : field} ${change}`);
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
    if (!match) plans.push({ kind: 'new' });
    else if (!match.current) plans.push({ kind: 'exists', match });
    else {
      const list = differences(body, match.current, identity);
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
  const counts = { new: 0, unchanged: 0, differs: 0, exists: 0 };
  for (const plan of plans) counts[plan.kind] += 1;
  const parts = [
    `${counts.new} new`,
    counts.unchanged ? `${counts.unchanged} unchanged` : '',
    counts.differs ? `${counts.differs} differ${counts.differs === 1 ? 's' : ''}` : '',
    counts.exists ? `${counts.exists} exist${counts.exists === 1 ? 's' : ''} (not published)` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** The body of the change a differing row sends: only the fields that differ. */
export function changeBody(plan: RowPlan & { kind: 'differs' }): Record<string, unknown> {
  return Object.fromEntries(plan.differences.map((d) => [d.field, d.to]));
}

/** Says which published objects the file no longer lists: reported, never cancelled. */
export function reportUnlisted(ctx: Context, found: Found, source: string, what: string): void {
  const unlisted = found.unlisted ?? [];
  if (unlisted.length === 0) return;
  ctx.info(
    `${unlisted.length} published ${what} of these vehicles and days ${unlisted.length === 1 ? 'is' : 'are'} not in ${source} (kept; this verb never cancels):`,
  );
  for (const line of unlisted) ctx.info(`  ${line}`);
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
