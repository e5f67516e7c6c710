// Flags that take a human handle beside an id — a city by name, a vehicle by plate — declared
// once so every verb resolves them the same way, after the local checks (see FieldFlag.lookup),
// and asks for them the same way on a terminal: vehicles picked from the fleet, cities searched.
import { normalizeName } from '../input/resolve.js';
import type { FieldFlag, ParseTools } from './operation.js';

/** The question for a city flag: the service's cities, narrowed as the person types either name. */
function searchCity(question: string) {
  return async ({ ctx, resolver }: ParseTools): Promise<string> => {
    const cities = await resolver.listCities();
    const choices = cities.map((c) => ({
      name: `${c.name ?? c.id}  ${c.nameAr ?? ''}`.trim(),
      value: c.id,
      keys: [c.name, c.nameAr, c.id].filter((k): k is string => Boolean(k)).map(normalizeName),
    }));
    return (await ctx.prompter()).search(question, (term) => {
      const wanted = normalizeName(term);
      return choices.filter((c) => c.keys.some((k) => k.includes(wanted))).map(({ name, value }) => ({ name, value }));
    });
  };
}

async function pickVehicle({ ctx, resolver }: ParseTools): Promise<string> {
  const vehicles = await resolver.listVehicles();
  return (await ctx.prompter()).select(
    'Vehicle:',
    vehicles.map((v) => ({ name: `${v.plate ?? v.id}  ${[v.make, v.model].filter(Boolean).join(' ')}  (${v.seats ?? '?'} seats)`, value: v.id })),
  );
}

/** The question for a driving member: the company's members, drivers first. */
export async function pickDriver({ ctx }: ParseTools): Promise<string> {
  const { data } = await (await ctx.client()).request({ method: 'GET', path: '/members' });
  const members = ((data as { members?: Array<{ id: string; role?: string; fullName?: string; phone?: string }> }).members ?? []);
  const ranked = [...members].sort((a, b) => Number(b.role === 'driver') - Number(a.role === 'driver'));
  return (await ctx.prompter()).select('Driver:', ranked.map((m) => ({ name: `${m.fullName ?? m.id}  ${m.role ?? ''}  ${m.phone ?? ''}`.trim(), value: m.id })));
}

const QUESTIONS: Record<string, string> = { '--from': 'From:', '--to': 'To:', '--city': 'City:' };

export function cityFlag(name: string, field: string, description: string, extra: Partial<FieldFlag> = {}): FieldFlag {
  return { flags: `${name} <city>`, description, field, lookup: true, parse: (v, t) => t.resolver.city(name, v), ask: searchCity(QUESTIONS[name] ?? 'City:'), ...extra };
}

export function vehicleFlag(extra: Partial<FieldFlag> = {}): FieldFlag {
  return { flags: '--vehicle <id|plate>', description: 'fleet vehicle, by id or plate', field: 'vehicleId', lookup: true, parse: (v, t) => t.resolver.vehicle('--vehicle', v), ask: pickVehicle, ...extra };
}
