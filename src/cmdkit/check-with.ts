// Where a person looks to see whether a write landed when its answer was lost on the way back
// (the client says the service may have applied it): the verb group's own `get` or `list`.
import type { Command } from 'commander';

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** `tripctl trips get ID` for a write to one trip, `tripctl trips list` for a new one; undefined without such verbs. */
export function checkWith(verb: Command | undefined, path: string): string | undefined {
  const group = verb?.parent;
  if (!group?.parent) return undefined;
  const verbs = new Set(group.commands.map((command) => command.name()));
  const names: string[] = [];
  for (let at: Command | null = group; at?.parent; at = at.parent) names.unshift(at.name());
  const id = path.match(ID)?.[0];
  if (id && verbs.has('get')) return `tripctl ${names.join(' ')} get ${id}`;
  if (verbs.has('list')) return `tripctl ${names.join(' ')} list`;
  return undefined;
}
