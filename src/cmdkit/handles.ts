// Flags that take a human handle beside an id — a city by name, a vehicle by plate — declared
// once so every verb resolves them the same way, after the local checks (see FieldFlag.lookup),
// and asks for them the same way on a terminal: each picked from a list (the fleet, the cities, the
// published trips…) that narrows as the person types.
import { paginate } from '../client/paginate.js';
import { DEFAULT_CURRENCY, formatMoney } from '../input/money.js';
import type { Choice } from '../input/prompter.js';
import { DEFAULT_COUNTRY } from '../input/phone.js';
import { type City, cityKeys, type Member, type Vehicle } from '../input/resolve.js';
import { localDateOf, localTimeOf, SERVICE_TIME_ZONE, zoneName } from '../input/zones.js';
import { sanitizeLine } from '../output/sanitize.js';
import { passengerLabel } from '../output/terminal.js';
import type { FieldFlag, ParseTools } from './operation-spec.js';

/**
 * The question for a city flag: the service's cities, narrowed as the person types either name or
 * the id. The destination's list leaves out the origin already answered: no trip goes nowhere.
 */
function pickCity(question: string, exceptAnswer?: string) {
  return async ({ ctx, resolver }: ParseTools, sofar: Record<string, unknown>): Promise<string> => {
    const cities = await resolver.listCities();
    const answered = exceptAnswer ? sofar[exceptAnswer] : undefined;
    const except = typeof answered === 'string' ? await resolver.city(`--${exceptAnswer}`, answered).catch(() => undefined) : undefined;
    return (await ctx.prompter()).select(question, cityChoices(cities.filter((c) => c.id !== except)));
  };
}

/** The cities as a picker lists them. */
export function cityChoices(cities: City[]): Array<Choice<string>> {
  return cities.map((c) => ({
    name: `${c.name ?? c.id}  ${c.nameAr ?? ''}`.trim(),
    value: c.id,
    // Every spelling the resolver knows (Hims, Halab, Dimashq…), so a question finds what a flag finds.
    keys: cityKeys(c),
  }));
}

/** The question for a vehicle: the fleet, narrowed by plate, make or model as the person types. */
async function pickVehicle({ ctx, resolver }: ParseTools): Promise<string> {
  const vehicles = await resolver.listVehicles();
  return (await ctx.prompter()).select('Vehicle:', vehicleChoices(vehicles));
}

/** The fleet as a picker lists it: plate, make and model, seats. */
export function vehicleChoices(vehicles: Vehicle[]): Array<Choice<string>> {
  return vehicles.map((v) => ({
    name: `${v.plate ?? v.id}  ${[v.make, v.model].filter(Boolean).join(' ')}  (${v.seats ?? '?'} seats)`,
    value: v.id,
  }));
}

/** The question for a driving member: the company's members, drivers first, narrowed by name, phone or role. */
export async function pickDriver({ ctx, resolver }: ParseTools): Promise<string> {
  const members = await resolver.listMembers();
  const ranked = [...members].sort((a, b) => Number(b.role === 'driver') - Number(a.role === 'driver'));
  return (await ctx.prompter()).select('Driver:', memberChoices(ranked));
}

/** Members as a picker lists them: name, role, phone. */
export function memberChoices(members: Member[]): Array<Choice<string>> {
  return members.map((m) => ({ name: `${m.fullName ?? m.id}  ${m.role ?? ''}  ${m.phone ?? ''}`.trim(), value: m.id }));
}

/**
 * `trips publish`'s question for the driver: the members whose role is driver. The last choice
 * leaves the field out, and the service gives the trip to the key's own member, as without a
 * terminal; with no driver in the company that is said, not asked.
 */
export async function offerDriver({ ctx, resolver }: ParseTools): Promise<string | undefined> {
  const drivers = (await resolver.listMembers()).filter((m) => m.role === 'driver');
  if (drivers.length === 0) {
    ctx.info("No member's role is driver: the trip goes to the key's own member (members add --role driver)");
    return undefined;
  }
  return (await ctx.prompter()).select<string | undefined>('Driver:', [
    ...drivers.map((m) => ({ name: sanitizeLine(`${m.fullName ?? m.id}  ${m.phone ?? ''}`.trim()), value: m.id })),
    { name: "(none: the key's own member drives)", value: undefined },
  ]);
}

/**
 * The question for a trip: the published trips of every page, soonest departure first (the
 * service lists the latest first), those already gone at the end; narrowed by city, date or id,
 * which is shown whole: two trips can share a route and a time.
 */
export async function pickTrip({ ctx, resolver, timeZone }: ParseTools): Promise<string> {
  const client = await ctx.client();
  const trips: Array<Record<string, unknown>> = [];
  for await (const page of paginate(client, '/trips', 'trips', { status: 'published' }, { all: true }, (m) => ctx.warn(m)))
    for (const trip of page.items as Array<Record<string, unknown>>) if (typeof trip.id === 'string') trips.push(trip);
  const prompter = await ctx.prompter();
  if (trips.length === 0) return prompter.input('Trip id:');
  const cities = await resolver.listCities().catch(() => []);
  const city = (id: unknown) => cities.find((c) => c.id === id)?.name ?? String(id);
  const now = ctx.now().getTime();
  const at = (trip: Record<string, unknown>) => (typeof trip.departureAt === 'string' ? Date.parse(trip.departureAt) : Number.NaN);
  const gone = (time: number) => !(time >= now);
  trips.sort((a, b) => {
    const [ta, tb] = [at(a), at(b)];
    if (gone(ta) !== gone(tb)) return gone(ta) ? 1 : -1;
    return gone(ta) ? (tb || 0) - (ta || 0) : ta - tb;
  });
  return prompter.select(
    'Trip:',
    trips.map((t) => ({
      name: sanitizeLine(
        `${city(t.fromCityId)} → ${city(t.toCityId)}  ${typeof t.departureAt === 'string' ? localDateTime(t.departureAt, timeZone) : ''}  ${String(t.id)}`,
      ),
      value: t.id as string,
    })),
  );
}

/** A city id as the review shows it: `Damascus (damascus)`. */
export async function showCity(value: unknown, { resolver }: ParseTools): Promise<string> {
  const city = (await resolver.listCities()).find((c) => c.id === value);
  return city?.name ? `${`${city.name} ${city.nameAr ?? ''}`.trim()} (${String(value)})` : String(value);
}

/** A vehicle id as the review shows it: `DAM-204518, Hyundai County, 20 seats`. */
export async function showVehicle(value: unknown, { resolver }: ParseTools): Promise<string> {
  const vehicle = (await resolver.listVehicles()).find((v) => v.id === value);
  if (!vehicle) return String(value);
  return [
    vehicle.plate ?? vehicle.id,
    [vehicle.make, vehicle.model].filter(Boolean).join(' '),
    vehicle.seats !== undefined ? `${vehicle.seats} seats` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** A member id as the review and confirmations show it: `Rami Saleh, +963944000005, driver`. */
export async function showMember(value: unknown, { resolver }: ParseTools): Promise<string> {
  const member = (await resolver.listMembers()).find((m) => m.id === value);
  return member ? [member.fullName, member.phone, member.role].filter(Boolean).join(', ') : String(value);
}

const QUESTIONS: Record<string, string> = { '--from': 'From:', '--to': 'To:', '--city': 'City:' };

export function cityFlag(name: string, field: string, description: string, extra: Partial<FieldFlag> = {}): FieldFlag {
  return {
    flags: `${name} <city>`,
    description,
    field,
    lookup: true,
    parse: (v, t) => t.resolver.city(name, v),
    ask: pickCity(QUESTIONS[name] ?? 'City:', name === '--to' ? 'from' : undefined),
    show: showCity,
    ...extra,
  };
}

export function vehicleFlag(extra: Partial<FieldFlag> = {}): FieldFlag {
  return {
    flags: '--vehicle <id|plate>',
    description: 'fleet vehicle, by id or plate',
    field: 'vehicleId',
    lookup: true,
    parse: (v, t) => t.resolver.vehicle('--vehicle', v),
    ask: pickVehicle,
    show: showVehicle,
    ...extra,
  };
}

/**
 * `--driver`: a driving member by name (English or Arabic), phone as people write it, or id, at
 * every door (flag, CSV or Excel column, prompt); the review and a dry run name the member.
 */
export function driverFlag(extra: Partial<FieldFlag> = {}): FieldFlag {
  return {
    flags: '--driver <name|phone|id>',
    description: 'driving member, by name, phone or id',
    field: 'driverId',
    // Not a `lookup`: a whole id or an impossible phone is refused before any request, and only
    // a name, a phone or the start of an id (8+ hex digits, tried as an id first) reads the members.
    parse: (v, t) => t.resolver.driver('--driver', v, t.ctx.settings().country ?? DEFAULT_COUNTRY),
    // Shown in a dry run too: the look-up has read the members already, or reads them now.
    show: showMember,
    ...extra,
  };
}

/** Trips described in this run, by resolver (one per run): a file of 200 bookings on one trip looks it up once. */
const describedTrips = new WeakMap<object, Map<string, Promise<string>>>();

/** One thing by id (`/trips/{id}` → its `trip`), for a confirmation to name it. */
/**
 * `fare  36,000.00 SYP (2 seats at 18,000.00 SYP)`: what a booking will cost, from its trip's
 * price, for the review before it is sent; nothing when the trip cannot be read.
 */
export async function bookingFare(body: Record<string, unknown>, tools: ParseTools): Promise<Array<[string, string]>> {
  if (typeof body.tripId !== 'string' || typeof body.seats !== 'number') return [];
  try {
    const trip = await fetchOne(tools, 'trips', body.tripId, 'trip');
    if (typeof trip.pricePerSeat !== 'number') return [];
    const currency = typeof trip.currency === 'string' ? trip.currency : (tools.ctx.settings().currency ?? DEFAULT_CURRENCY);
    const each = formatMoney(trip.pricePerSeat, currency);
    return [
      ['fare', `${formatMoney(trip.pricePerSeat * body.seats, currency)} (${body.seats} seat${body.seats === 1 ? '' : 's'} at ${each})`],
    ];
  } catch {
    return [];
  }
}

export async function fetchOne(tools: ParseTools, collection: string, id: string, key: string): Promise<Record<string, unknown>> {
  const { data } = await (await tools.ctx.client()).request({
    method: 'GET',
    path: `/${collection}/${id.toLowerCase()}`,
    expect: { kind: 'object', key },
  });
  return ((data as Record<string, unknown>)[key] ?? data) as Record<string, unknown>;
}

/**
 * `Omar Haddad +963944000001, 2 seats, requested`: how a confirmation names a booking; its trip
 * goes into `trips`, so that the question can name the trip too.
 */
export async function describeBooking(id: string, tools: ParseTools, trips: Set<string>): Promise<string> {
  try {
    const booking = await fetchOne(tools, 'bookings', id, 'booking');
    if (typeof booking.tripId === 'string') trips.add(booking.tripId);
    const seats = typeof booking.seats === 'number' ? `${booking.seats} seat${booking.seats === 1 ? '' : 's'}` : undefined;
    const status = typeof booking.status === 'string' ? booking.status : undefined;
    return sanitizeLine([passengerLabel(booking.passenger) ?? id, seats, status].filter(Boolean).join(', '));
  } catch {
    // The write itself reports a booking that does not exist.
    return id;
  }
}

/** `Damascus → Homs, 2026-12-01 08:30 Asia/Damascus`: how a confirmation names a trip. */
export function describeTrip(id: string, tools: ParseTools): Promise<string> {
  let known = describedTrips.get(tools.resolver);
  if (!known) describedTrips.set(tools.resolver, (known = new Map()));
  let described = known.get(id);
  if (!described) known.set(id, (described = lookUpTrip(id, tools)));
  return described;
}

async function lookUpTrip(id: string, tools: ParseTools): Promise<string> {
  try {
    const trip = await fetchOne(tools, 'trips', id, 'trip');
    const cities = await tools.resolver.listCities();
    const city = (cityId: unknown) => cities.find((c) => c.id === cityId)?.name ?? String(cityId);
    const when = typeof trip.departureAt === 'string' ? localDateTime(trip.departureAt, tools.timeZone) : '';
    return sanitizeLine(`${city(trip.fromCityId)} → ${city(trip.toCityId)}, ${when}`);
  } catch {
    // The confirmation still names the id; the cancel itself reports a trip that does not exist.
    return id;
  }
}

/** `2026-12-01 08:30 Asia/Damascus`: an instant as the operator's wall time, naming the zone. */
export function localDateTime(iso: string, timeZone: string | undefined): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${localDateOf(at, timeZone)} ${localTimeOf(at, timeZone)} ${zoneName(timeZone)}`;
}

/** `Damascus → Aleppo, weekly Sun, Wed at 07:30 Asia/Damascus`: how a confirmation names a schedule. */
export async function describeSchedule(id: string, tools: ParseTools): Promise<string> {
  try {
    const s = await fetchOne(tools, 'schedules', id, 'schedule');
    const cities = await tools.resolver.listCities();
    const city = (cityId: unknown) => cities.find((c) => c.id === cityId)?.name ?? String(cityId);
    const days =
      Array.isArray(s.weekdays) && s.weekdays.length
        ? ` ${s.weekdays.map((d) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d as number] ?? String(d)).join(', ')}`
        : '';
    return sanitizeLine(
      `${city(s.fromCityId)} → ${city(s.toCityId)}, ${String(s.recurrence)}${days} at ${String(s.departureTime)} ${SERVICE_TIME_ZONE}`,
    );
  } catch {
    return id;
  }
}
