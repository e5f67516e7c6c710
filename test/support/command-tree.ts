// The verbs of the command tree, for the tests that walk all of it (protected profiles,
// enumerated values): every leaf command with the words that reach it.
import type { Command } from 'commander';

export interface Verb {
  path: string[];
  command: Command;
}

export function leaves(command: Command, trail: string[] = [], into: Verb[] = []): Verb[] {
  for (const sub of command.commands) {
    if (sub.commands.length) leaves(sub, [...trail, sub.name()], into);
    else into.push({ path: [...trail, sub.name()], command: sub });
  }
  return into;
}
