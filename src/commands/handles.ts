// Flags that take a human handle beside an id — a city by name, a vehicle by plate — declared
// once so every verb resolves them the same way, after the local checks (see FieldFlag.lookup).
import type { FieldFlag } from './operation.js';

export function cityFlag(name: string, field: string, description: string, extra: Partial<FieldFlag> = {}): FieldFlag {
  return { flags: `${name} <city>`, description, field, lookup: true, parse: (v, t) => t.resolver.city(name, v), ...extra };
}

export function vehicleFlag(extra: Partial<FieldFlag> = {}): FieldFlag {
  return { flags: '--vehicle <id|plate>', description: 'fleet vehicle, by id or plate', field: 'vehicleId', lookup: true, parse: (v, t) => t.resolver.vehicle('--vehicle', v), ...extra };
}
