// The one reading of a yes/no answer, for every question that asks one (a review's `Send this?`,
// a destructive command's confirmation, a protected profile's question).

/** What a question says under itself when the answer was neither yes nor no. */
export function yesNoHint(defaultValue: boolean): string {
  return `Answer y or n (or Enter for ${defaultValue ? 'yes' : 'no'})`;
}

/** y, yes, n, no in any case, or nothing for the default; undefined for anything else. */
export function readYesNo(text: string, defaultValue: boolean): boolean | undefined {
  const answer = text.trim().toLowerCase();
  if (answer === '') return defaultValue;
  if (answer === 'y' || answer === 'yes') return true;
  if (answer === 'n' || answer === 'no') return false;
  return undefined;
}
