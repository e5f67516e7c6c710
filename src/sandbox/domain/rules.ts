// Look-ups every resource shares: a record of the company, a known city or place, a fleet
// vehicle, a member as driver; and the sandbox clock's view of "now".
import { CITIES, PLACES } from '../seed/demo-data.js';
import { invalid, notFound } from './errors.js';
import type { Core } from './model.js';
import type { CompanyRec, VehicleRec } from './state.js';

type Owned = { id: string; companyId: string };

/** The record with this id in the company; another company's id is as unknown as a made-up one. */
export function own<T extends Owned>(list: T[], id: string, company: CompanyRec, what: string): T {
  const found = list.find((x) => x.id === id && x.companyId === company.id);
  if (!found) throw notFound(what, id);
  return found;
}

export function requireCity(id: unknown, field: string): string {
  if (typeof id !== 'string' || !CITIES.some((c) => c.id === id)) {
    throw invalid('unknown_city', `${field}: no city '${String(id)}' (see GET /cities)`, field);
  }
  return id;
}

export function requirePlace(pcode: unknown, cityId: string, field: string): string | null {
  if (pcode === undefined || pcode === null) return null;
  const place = PLACES.find((p) => p.pcode === pcode);
  if (!place) throw invalid('unknown_place', `${field}: no place with P-code '${String(pcode)}' (see GET /places)`, field);
  if (place.cityId !== cityId) throw invalid('unknown_place', `${field}: place ${place.pcode} is in ${place.cityId}, not ${cityId}`, field);
  return place.pcode;
}

export function requireVehicle(core: Core, company: CompanyRec, id: unknown, field: string): VehicleRec {
  const vehicle = core.state.vehicles.find((v) => v.id === id && v.companyId === company.id);
  if (!vehicle) throw invalid('unknown_vehicle', `${field}: no vehicle ${String(id)} in the company's fleet`, field);
  return vehicle;
}

export function requireDriver(core: Core, company: CompanyRec, id: unknown, field: string): string {
  const member = core.state.memberships.find((m) => m.userId === id && m.companyId === company.id);
  if (!member) throw invalid('driver_not_member', `${field}: ${String(id)} is not a member of the company`, field);
  return member.userId;
}

export function isFuture(core: Core, iso: string): boolean {
  return Date.parse(iso) > core.now().getTime();
}

export function stamp(core: Core): string {
  return core.now().toISOString();
}

/** Whether a partial update names a field. */
export function has(fields: Record<string, unknown>, key: string): boolean {
  return fields[key] !== undefined;
}

/** Newest first, then by id: the order of every list but trips. */
export function newest<T extends { createdAt: string; id: string }>(a: T, b: T): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

export interface Page {
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}

/** Pagination rules: page from 1 (below → 1); perPage default 25, below 1 → 25, above 100 → 100. */
export function paginate<T>(query: { page?: unknown; perPage?: unknown }, items: T[]): { items: T[]; meta: Page } {
  const rawPer = typeof query.perPage === 'number' ? query.perPage : 25;
  const perPage = rawPer < 1 ? 25 : Math.min(rawPer, 100);
  const rawPage = typeof query.page === 'number' ? query.page : 1;
  const page = Math.max(1, rawPage);
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return { items: items.slice((page - 1) * perPage, page * perPage), meta: { page, perPage, total, lastPage } };
}
