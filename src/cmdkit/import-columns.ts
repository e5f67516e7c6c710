// Which flag each column of an imported CSV fills: a column is named like the verb's flag
// (`vehicle`, `price`, in a person's units) or like the service's field (`vehicleId`,
// `pricePerSeat`, in the service's units), in any case, with spaces, dashes or underscores.
import { usageError } from '../errors.js';
import { flagName, type FieldFlag } from './operation-spec.js';

/** `--vehicle <id|plate>` → `vehicle`. */
export function columnOf(flag: FieldFlag): string {
  return flagName(flag).replace(/^--/, '');
}

/** The flag a column fills, and whether the column is named by the service's field (`pricePerSeat`, in its units). */
export interface Column {
  flag: FieldFlag;
  byField: boolean;
}

/** Header names compare without case, spaces, dashes or underscores (`Departure`, `pickup_pcode`). */
const canonicalName = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

/** Which flag each column fills; unknown and repeated columns are errors. */
export function mapHeader(header: string[], flags: FieldFlag[], source: string): Array<Column | undefined> {
  const byName = new Map<string, Column>();
  for (const flag of flags) {
    byName.set(canonicalName(flag.field), { flag, byField: true });
    // The flag's name wins where both are spelled alike (`notes`): it reads like the flag.
    byName.set(canonicalName(columnOf(flag)), { flag, byField: false });
  }
  const seen = new Set<FieldFlag>();
  const columns = header.map((name) => {
    if (name === '') return undefined;
    const column = byName.get(canonicalName(name));
    if (!column) throw usageError(`${source}: unknown column '${name}'`, `the columns are: ${flags.map(columnOf).join(', ')}`);
    if (seen.has(column.flag)) throw usageError(`${source}: column '${name}' appears twice`);
    seen.add(column.flag);
    return column;
  });
  return columns;
}
