/** A flag's error as said under a question: without the flag's name, which the person never typed. */
export function promptReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const bare = message.replace(/^--[\w-]+:?\s+/, '');
  return `${bare.charAt(0).toUpperCase()}${bare.slice(1)}`;
}
