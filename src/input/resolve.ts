// Human handles beside ids: a city by its name (English or Arabic), a vehicle by its plate.
// Each list is fetched at most once per run; an unknown or ambiguous handle is a usage error
// that lists the candidates, so the operator can pick without another command.
import type { ApiClient } from '../client/http.js';
import { listFrom } from '../client/paginate.js';
import { usageError } from '../errors.js';
import { CITY_ALTERNATIVE_NAMES } from './city-names.js';
import { isCommonWord, MIN_PREFIX } from './common-words.js';
import { normalizeName, withoutArticle } from './names.js';
import { parsePhone } from './phone.js';
import { didYouMean, nearest } from './suggest.js';
import { idPrefix, idStartedBy, uuidOf } from './validate.js';

export interface City {
  id: string;
  name?: string;
  nameAr?: string;
}

interface Place {
  pcode: string;
  name?: string;
  nameAr?: string;
}

export interface Member {
  id: string;
  role?: string;
  fullName?: string;
  phone?: string;
}

export interface Vehicle {
  id: string;
  plate?: string;
  make?: string;
  model?: string;
  seats?: number;
}

/**
 * Every spelling a city is found by, normalised: its id, its name and Arabic name with and
 * without the article, and the other names of the table (city-names.ts). The one list the
 * resolver, its did-you-mean and the city question all search.
 */
export function cityKeys(city: City): string[] {
  const names = [city.id, city.name, city.nameAr, ...(CITY_ALTERNATIVE_NAMES[city.id] ?? [])].filter(
    (name): name is string => typeof name === 'string' && name.trim() !== '',
  );
  return [...new Set(names.flatMap((name) => [normalizeName(name), normalizeName(withoutArticle(name))]))];
}

export class Resolver {
  private cities: Promise<City[]> | undefined;
  private vehicles: Promise<Vehicle[]> | undefined;
  private members: Promise<Member[]> | undefined;
  private readonly places = new Map<string, Promise<Place[]>>();

  constructor(private readonly client: () => Promise<ApiClient>) {}

  listCities(): Promise<City[]> {
    return (this.cities ??= this.fetchList<City>('/cities', 'cities'));
  }

  listVehicles(): Promise<Vehicle[]> {
    return (this.vehicles ??= this.fetchList<Vehicle>('/vehicles', 'vehicles'));
  }

  listMembers(): Promise<Member[]> {
    return (this.members ??= this.fetchList<Member>('/members', 'members'));
  }

  /** The default places of a city (an empty search). */
  listPlaces(cityId: string | undefined): Promise<Place[]> {
    const key = cityId ?? '';
    let places = this.places.get(key);
    if (!places) this.places.set(key, (places = this.fetchList<Place>('/places', 'places', cityId ? { cityId } : {})));
    return places;
  }

  /**
   * A city id from what a person writes: the id or the name in any case, the Arabic name, a
   * common other spelling (Hims, Halab), or the unambiguous start of one of at least three letters
   * once an article is removed (`Lat`, `al-Lad`). A common word (`All`, `from`, `الكل`), a shorter
   * start, a start several cities share or a typo is a usage error naming the nearest cities:
   * nothing a person did not mean is ever read as a city.
   */
  async city(flag: string, value: string): Promise<string> {
    const cities = await this.listCities();
    const exact = cities.find((city) => city.id === value.trim());
    if (exact) return exact.id;
    const keyed = cities.map((city) => ({ city, keys: cityKeys(city), starts: cityStarts(city) }));
    const label = ({ city }: { city: City }) => `${city.name ?? city.id} (${city.id})`;
    const matches = matching(
      flag,
      value,
      keyed,
      ({ keys }) => keys,
      ({ starts }) => starts,
      label,
      'cities',
    );
    if (matches.length === 1) return matches[0]!.city.id;
    const near = nearest(normalizeName(value), keyed, ({ keys }) => keys).map(({ city }) => city.name ?? city.id);
    const suggestion = didYouMean(near);
    throw usageError(`${flag}: no city '${value}'${suggestion ? `; ${suggestion}` : ''}`, "list them with 'tripctl cities list'");
  }

  /**
   * A vehicle id from its UUID, the start of it as tables show it, or a plate. A start is tried
   * as an id first; one that starts no vehicle's id may still be a plate (of eight digits).
   */
  async vehicle(flag: string, value: string): Promise<string> {
    const whole = uuidOf(value);
    if (whole !== undefined) return whole;
    const vehicles = await this.listVehicles();
    const byId = idStartedBy(
      vehicles.map((vehicle) => vehicle.id),
      value,
      flag,
      'vehicle',
    );
    if (byId !== undefined) return byId;
    return pick(
      flag,
      value,
      'vehicle',
      vehicles,
      (vehicle) => [vehicle.plate],
      (vehicle) => `${vehicle.plate ?? '?'} ${[vehicle.make, vehicle.model].filter(Boolean).join(' ')} (${vehicle.id})`,
    );
  }

  /**
   * A driving member from what an office writes in a Driver column or a flag: the member's id or
   * its start as tables show it (tried first: one that starts no member's id may be a phone), a
   * phone as people write it (local, read in `country`, or +…), or the name (English or Arabic,
   * folded as cities are; an unambiguous start of 3+ letters such as a first name). Names and
   * phones are looked for among the members whose role is driver; a member of another role named
   * so is refused with the way to make them one.
   */
  async driver(flag: string, value: string, country: string): Promise<string> {
    const whole = uuidOf(value);
    if (whole !== undefined) return whole;
    if (idPrefix(value) !== undefined) {
      const members = await this.listMembers();
      const byId = idStartedBy(
        members.map((m) => m.id),
        value,
        flag,
        'member',
      );
      const member = members.find((m) => m.id === byId);
      // The members are read already: one who does not drive is refused here, not by the service.
      if (member && member.role !== 'driver') throw notADriver(flag, member);
      if (member) return member.id;
    }
    // Without a letter it can only be a phone: checked here, before any request.
    const phone = /\p{L}/u.test(value) ? undefined : await parsePhone(flag, value, country);
    const members = await this.listMembers();
    const drivers = members.filter((m) => m.role === 'driver');
    const label = memberLabel;
    const notDriver = (m: Member) => notADriver(flag, m);
    if (phone !== undefined) {
      const member = members.find((m) => m.phone === phone);
      if (member && member.role !== 'driver') throw notDriver(member);
      if (member) return member.id;
      throw usageError(`${flag}: no driver's phone is ${phone}`, `the drivers: ${drivers.map(label).join(', ') || 'none'}`);
    }
    const matches = matching(
      flag,
      value,
      drivers,
      (m) => personKeys(m),
      (m) => personKeys(m),
      label,
      'drivers',
      false,
    );
    if (matches.length === 1) return matches[0]!.id;
    const other = members.find((m) => m.role !== 'driver' && personKeys(m).includes(normalizeName(value)));
    if (other) throw notDriver(other);
    throw usageError(
      `${flag}: no driver '${value}'`,
      `the drivers: ${drivers.map(label).join(', ') || 'none (tripctl members add --role driver)'}`,
    );
  }

  private async fetchList<T>(path: string, key: string, query: Record<string, string> = {}): Promise<T[]> {
    const { data } = await (await this.client()).request({ method: 'GET', path, query });
    return listFrom(data, key) as T[];
  }
}

/**
 * The items `value` names: those with a name equal to it, else those with a name (`starts`, without
 * its article) that begins with at least MIN_PREFIX letters of it. A common word, and a start
 * several items share, are usage errors; an empty list is left to the caller to explain.
 */
function matching<T>(
  flag: string,
  value: string,
  items: T[],
  names: (item: T) => readonly string[],
  starts: (item: T) => readonly string[],
  label: (item: T) => string,
  plural: string,
  articles = true,
): T[] {
  const wanted = normalizeName(value);
  const named = items.filter((item) => names(item).includes(wanted));
  if (named.length === 0 && isCommonWord(value)) {
    throw usageError(
      `${flag}: '${value}' is a common word, not one of the ${plural}`,
      `give a name or an id; list them with 'tripctl ${plural === 'cities' ? 'cities' : plural === 'drivers' ? 'members' : 'vehicles'} list'`,
    );
  }
  const start = normalizeName(articles ? withoutArticle(value) : value);
  const matches =
    named.length || [...start].length < MIN_PREFIX ? named : items.filter((item) => starts(item).some((key) => key.startsWith(start)));
  if (matches.length > 1) {
    throw usageError(
      `${flag} '${value}' matches ${matches.length} ${plural}: ${matches.slice(0, 8).map(label).join(', ')}`,
      'did you mean one of these? Give more of the name, or the id',
    );
  }
  return matches;
}

function memberLabel(m: Member): string {
  return [m.fullName, m.phone].filter(Boolean).join(' ') || m.id;
}

function notADriver(flag: string, m: Member) {
  return usageError(
    `${flag}: ${memberLabel(m)} is a member whose role is ${m.role ?? 'unknown'}, not driver`,
    `tripctl members update ${m.id} --role driver`,
  );
}

/** A person's name folded whole (`ramisaleh`): a name matches it whole, or by its start. */
function personKeys(member: Member): string[] {
  return member.fullName?.trim() ? [normalizeName(member.fullName)] : [];
}

/** The names a city's start is matched against: each spelling without its article. */
function cityStarts(city: City): string[] {
  const names = [city.id, city.name, city.nameAr, ...(CITY_ALTERNATIVE_NAMES[city.id] ?? [])].filter(
    (name): name is string => typeof name === 'string' && name.trim() !== '',
  );
  return [...new Set(names.map((name) => normalizeName(withoutArticle(name))))];
}

function pick<T extends { id: string }>(
  flag: string,
  value: string,
  what: string,
  items: T[],
  names: (item: T) => Array<string | undefined>,
  label: (item: T) => string,
): string {
  const spellings = (item: T) => names(item).flatMap((name) => (name === undefined ? [] : [normalizeName(name)]));
  // A plate has no article: `AS-1234` is read whole.
  const matches = matching(flag, value, items, spellings, spellings, label, `${what}s`, false);
  if (matches.length === 1) return matches[0]!.id;
  const wanted = normalizeName(value);
  const near = items.filter((item) => spellings(item).some((name) => name.includes(wanted.slice(0, 3))));
  throw usageError(
    `${flag}: no ${what} '${value}'`,
    near.length ? `did you mean: ${near.slice(0, 8).map(label).join(', ')}` : `list them with 'tripctl ${what}s list'`,
  );
}
