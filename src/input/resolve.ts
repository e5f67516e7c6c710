// Human handles beside ids: a city by its name (English or Arabic), a vehicle by its plate.
// Each list is fetched at most once per run; an unknown or ambiguous handle is a usage error
// that lists the candidates, so the operator can pick without another command.
import type { ApiClient } from '../client/http.js';
import { listFrom } from '../client/paginate.js';
import { usageError } from '../errors.js';
import { CITY_ALTERNATIVE_NAMES } from './city-names.js';
import { didYouMean, nearest } from './suggest.js';
import { isUuid } from './validate.js';

interface City {
  id: string;
  name?: string;
  nameAr?: string;
}

interface Place {
  pcode: string;
  name?: string;
  nameAr?: string;
}

interface Member {
  id: string;
  role?: string;
  fullName?: string;
  phone?: string;
}

interface Vehicle {
  id: string;
  plate?: string;
  make?: string;
  model?: string;
  seats?: number;
}

/** Case, accents, Arabic vowel marks and letter variants, spaces and dashes do not matter. */
export function normalizeName(text: string): string {
  return (
    text
      .normalize('NFKD')
      // biome-ignore lint/suspicious/noMisleadingCharacterClass: a class of combining marks on purpose, each removed on its own
      .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
      .replace(/[\u0623\u0625\u0622]/g, '\u0627') // أ إ آ → ا
      .replace(/\u0629/g, '\u0647') // ة → ه
      .replace(/\u0649/g, '\u064a') // ى → ي
      .toLowerCase()
      .replace(/[\s\-_'\u2019.]/g, '')
  ); // ’ is the typographic apostrophe
}

/** A name without its leading article: `As-Suwayda` → `Suwayda`, `السويداء` → `سويداء`. */
function withoutArticle(name: string): string {
  return name
    .trim()
    .replace(/^(?:a[lsdrzt]|e[lsdrzt]|ash|esh)[\s\-\u2019']+(?=\S)/i, '')
    .replace(/^\u0627\u0644(?=\S{2})/, '');
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
   * common other spelling (Hims, Halab), or the unambiguous start of one; a typo is a usage
   * error naming the nearest cities.
   */
  async city(flag: string, value: string): Promise<string> {
    const cities = await this.listCities();
    const exact = cities.find((city) => city.id === value.trim());
    if (exact) return exact.id;
    const wanted = normalizeName(value);
    const keyed = cities.map((city) => ({ city, keys: cityKeys(city) }));
    const named = keyed.filter(({ keys }) => keys.includes(wanted));
    const matches = named.length || wanted.length < 2 ? named : keyed.filter(({ keys }) => keys.some((key) => key.startsWith(wanted)));
    const label = ({ city }: { city: City }) => `${city.name ?? city.id} (${city.id})`;
    if (matches.length === 1) return matches[0]!.city.id;
    if (matches.length > 1) {
      throw usageError(
        `${flag} '${value}' matches ${matches.length} cities: ${matches.slice(0, 8).map(label).join(', ')}`,
        'give more of the name, or the id',
      );
    }
    const near = nearest(wanted, keyed, ({ keys }) => keys).map(({ city }) => city.name ?? city.id);
    const suggestion = didYouMean(near);
    throw usageError(`${flag}: no city '${value}'${suggestion ? `; ${suggestion}` : ''}`, "list them with 'tripctl cities list'");
  }

  /** A vehicle id from a UUID or a plate. */
  async vehicle(flag: string, value: string): Promise<string> {
    if (isUuid(value)) return value.toLowerCase();
    const vehicles = await this.listVehicles();
    return pick(
      flag,
      value,
      'vehicle',
      vehicles,
      (vehicle) => [vehicle.plate],
      (vehicle) => `${vehicle.plate ?? '?'} ${[vehicle.make, vehicle.model].filter(Boolean).join(' ')} (${vehicle.id})`,
    );
  }

  private async fetchList<T>(path: string, key: string, query: Record<string, string> = {}): Promise<T[]> {
    const { data } = await (await this.client()).request({ method: 'GET', path, query });
    return listFrom(data, key) as T[];
  }
}

function pick<T extends { id: string }>(
  flag: string,
  value: string,
  what: string,
  items: T[],
  names: (item: T) => Array<string | undefined>,
  label: (item: T) => string,
): string {
  const wanted = normalizeName(value);
  const exact = items.filter((item) => names(item).some((name) => name !== undefined && normalizeName(name) === wanted));
  const matches = exact.length
    ? exact
    : items.filter((item) => names(item).some((name) => name !== undefined && normalizeName(name).startsWith(wanted)));
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length > 1) {
    throw usageError(
      `${flag} '${value}' matches ${matches.length} ${what === 'city' ? 'cities' : `${what}s`}: ${matches.slice(0, 8).map(label).join(', ')}`,
      'give the id or the full name',
    );
  }
  const near = items.filter((item) => names(item).some((name) => name !== undefined && normalizeName(name).includes(wanted.slice(0, 3))));
  throw usageError(
    `${flag}: no ${what} '${value}'`,
    near.length
      ? `did you mean: ${near.slice(0, 8).map(label).join(', ')}`
      : `list them with 'tripctl ${what === 'city' ? 'cities' : 'vehicles'} list'`,
  );
}
