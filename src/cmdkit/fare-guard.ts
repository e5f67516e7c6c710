// The fare guard at every door that sends a fare: `trips publish` and `update`, `schedules create`
// and `update` (through the operation runner), their CSV imports, and so the assistant's tools,
// which run the same verbs. A fare more than five times above or below the company's usual fare
// for the route (input/fares.ts) is held: a person at a terminal is shown the usual fare and
// asked; anywhere else it is exit 2 naming the usual fare and `--fare-ok`, before anything is sent.
//
// The reference costs reads, made once per run and only when a fare is about to be sent without
// --fare-ok: GET /trips of the route (one page of 100, newest departure first: its recent and
// coming trips) and GET /schedules (one list); only for a route with neither, GET /trips of any
// route (one page). A file of many rows on three routes reads 4 or 5 times, not once a row.
import { listFrom } from '../client/paginate.js';
import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../errors.js';
import { FARE_FACTOR, FARE_OK, unusualFare, usualFare, type UnusualFare } from '../input/fares.js';
import { formatMoney } from '../input/money.js';
import { proceedOrCancel } from './confirm.js';
import { currencyOf } from './fields.js';
import type { ParseTools } from './operation-spec.js';

/** A fare about to be sent: where it came from (`--price`, `timetable.csv: line 5`) and its route when known. */
export interface FareToSend {
  where: string;
  fare: number;
  from?: string;
  to?: string;
}

interface Fared {
  pricePerSeat?: unknown;
  status?: unknown;
  fromCityId?: unknown;
  toCityId?: unknown;
  currency?: unknown;
}

interface Reference {
  fares: number[];
  /** The route's own fares, or (lacking those) the company's on any route. */
  onRoute: boolean;
}

/** The fares of trips and schedules that count: not cancelled, and in the currency the tool sends (where the answer says). */
const faresOf = (items: Fared[], currency: string) =>
  items
    .filter(
      (item) =>
        item.status !== 'cancelled' &&
        typeof item.pricePerSeat === 'number' &&
        (typeof item.currency !== 'string' || item.currency.toUpperCase() === currency),
    )
    .map((item) => item.pricePerSeat as number);

/** The company's fares, read once per run and shared by every fare the run sends. */
class FareReference {
  private schedules?: Promise<Fared[]>;
  private anyRoute?: Promise<Fared[]>;
  private readonly routes = new Map<string, Promise<Fared[]>>();

  constructor(
    private readonly ctx: Context,
    private readonly currency: string,
  ) {}

  /** A list the key may not be allowed to read (a key without schedules.read) counts as empty. */
  private async list(path: string, key: string, query: Record<string, string | number> = {}): Promise<Fared[]> {
    try {
      const client = await this.ctx.client();
      const { data } = await client.request({ method: 'GET', path, query, expect: { kind: 'list', key } });
      return listFrom(data, key) as Fared[];
    } catch (error) {
      if (error instanceof CliError && error.exitCode === ExitCode.forbidden) return [];
      throw error;
    }
  }

  /**
   * A schedule does not say its currency: its fares count in the currency of the company's trips,
   * so not at all when those are in another currency than the one the tool sends in.
   */
  private scheduleFares(trips: Fared[], schedules: Fared[]): number[] {
    const foreign = trips.some((trip) => typeof trip.currency === 'string' && trip.currency.toUpperCase() !== this.currency);
    return foreign ? [] : faresOf(schedules, this.currency);
  }

  async of(from: string | undefined, to: string | undefined): Promise<Reference> {
    this.schedules ??= this.list('/schedules', 'schedules');
    if (from !== undefined && to !== undefined) {
      const route = `${from}|${to}`;
      if (!this.routes.has(route)) this.routes.set(route, this.list('/trips', 'trips', { fromCityId: from, toCityId: to, perPage: 100 }));
      const onRoute = (item: Fared) => item.fromCityId === from && item.toCityId === to;
      const trips = await this.routes.get(route)!;
      const fares = [...faresOf(trips, this.currency), ...this.scheduleFares(trips, (await this.schedules).filter(onRoute))];
      if (fares.length) return { fares, onRoute: true };
    }
    this.anyRoute ??= this.list('/trips', 'trips', { perPage: 100 });
    const trips = await this.anyRoute;
    return { fares: [...faresOf(trips, this.currency), ...this.scheduleFares(trips, await this.schedules)], onRoute: false };
  }
}

const references = new WeakMap<Context, FareReference>();

async function routeName(tools: ParseTools, from: string | undefined, to: string | undefined): Promise<string> {
  const cities = await tools.resolver.listCities().catch(() => []);
  const name = (id: string | undefined) => cities.find((c) => c.id === id)?.name ?? id ?? '?';
  return `${name(from)} → ${name(to)}`;
}

/**
 * Holds the fares far from the usual one (see the top of this file); returns when every fare may
 * be sent. `fareOk` (the operator said so) skips the check and its reads.
 */
export async function guardFares(ctx: Context, tools: ParseTools, fares: readonly FareToSend[], fareOk: boolean): Promise<void> {
  if (fareOk || fares.length === 0) return;
  const currency = currencyOf(tools).toUpperCase();
  let reference = references.get(ctx);
  if (!reference) references.set(ctx, (reference = new FareReference(ctx, currency)));
  const held: Array<{ fare: FareToSend; verdict: UnusualFare; onRoute: boolean }> = [];
  for (const fare of fares) {
    const { fares: known, onRoute } = await reference.of(fare.from, fare.to);
    const verdict = unusualFare(fare.fare, known);
    if (verdict) held.push({ fare, verdict, onRoute });
  }
  if (held.length === 0) return;
  const lines: string[] = [];
  for (const { fare, verdict, onRoute } of held) {
    const usual = onRoute ? `the usual fare on ${await routeName(tools, fare.from, fare.to)}` : "the company's usual fare";
    lines.push(
      `${fare.where}: ${formatMoney(fare.fare, currency)} is more than ${FARE_FACTOR} times ${verdict.above ? 'above' : 'below'} ${usual}, ${formatMoney(verdict.usual, currency)}`,
    );
  }
  // --yes answers the usual questions, not this one: a blanket yes must not carry a fare a
  // hundred times off; --fare-ok says this fare is meant.
  if (ctx.canPrompt && !ctx.settings().yes) {
    for (const line of lines) ctx.info(line);
    await proceedOrCancel(ctx, held.length === 1 ? 'Send this fare anyway?' : `Send these ${held.length} fares anyway?`, false);
    return;
  }
  const hint = `if ${held.length === 1 ? 'the fare is' : 'they are'} meant, add ${FARE_OK}`;
  if (held.length === 1) throw usageError(lines[0]!, hint);
  for (const line of lines) ctx.io.err(`tripctl: ${line}\n`);
  throw usageError(`${held.length} fares are more than ${FARE_FACTOR} times away from the usual fare; nothing was sent`, hint);
}

/**
 * How far a fare sent with --fare-ok is from the usual one, for the person who confirms it
 * elsewhere (an assistant's client): `100× the usual 20,000.00 SYP on Damascus → Homs`.
 * Undefined when there is nothing to compare with.
 */
export async function fareDistance(ctx: Context, tools: ParseTools, fare: FareToSend): Promise<string | undefined> {
  const currency = currencyOf(tools).toUpperCase();
  let reference = references.get(ctx);
  if (!reference) references.set(ctx, (reference = new FareReference(ctx, currency)));
  const { fares, onRoute } = await reference.of(fare.from, fare.to);
  const usual = usualFare(fares);
  if (usual === undefined || fare.fare <= 0) return undefined;
  const ratio = fare.fare / usual;
  const times = ratio >= 1 ? `${timesText(ratio)}×` : `1/${timesText(1 / ratio)} of`;
  const where = onRoute ? ` on ${await routeName(tools, fare.from, fare.to)}` : ' (the company’s, on any route)';
  const held = unusualFare(fare.fare, fares)
    ? `: more than ${FARE_FACTOR} times ${ratio > 1 ? 'above' : 'below'} it, sent only because fareOk says it is meant`
    : '';
  return `${times} the usual ${formatMoney(usual, currency)}${where}${held}`;
}

/** `100`, `2.5`, `1.2`: a ratio as people say it. */
function timesText(ratio: number): string {
  return ratio >= 10 ? String(Math.round(ratio)) : String(Math.round(ratio * 10) / 10);
}

/**
 * The route of what a write changes: the fields sent, else the object itself (`GET /trips/{id}`
 * for `trips update ID --price …`, one read), so the fare is compared with the right route.
 */
export async function routeOf(ctx: Context, body: Record<string, unknown>, path?: string): Promise<{ from?: string; to?: string }> {
  let from = typeof body.fromCityId === 'string' ? body.fromCityId : undefined;
  let to = typeof body.toCityId === 'string' ? body.toCityId : undefined;
  if ((from === undefined || to === undefined) && path !== undefined) {
    const { data } = await (await ctx.client()).request({ method: 'GET', path, expect: { kind: 'object' } });
    const record = (typeof data === 'object' && data !== null ? Object.values(data)[0] : undefined) as Fared | undefined;
    from ??= typeof record?.fromCityId === 'string' ? record.fromCityId : undefined;
    to ??= typeof record?.toCityId === 'string' ? record.toCityId : undefined;
  }
  return { from, to };
}
