// Masking of secrets, below every layer: the client masks its traces and errors, io.ts masks
// every line written, and both must agree on what a secret looks like.

// Secrets that may pass through traces and messages: API keys and webhook signing secrets.
// Masking by shape also catches the ones nobody registered (a secret the service just returned).
export const SECRET_SHAPE = /(?<![A-Za-z0-9])(?:sk|rk|whsec)_[A-Za-z0-9_\-.+/=]{8,}/g;

export function redactSecrets(text: string): string {
  return text.replace(SECRET_SHAPE, (secret) => maskSecret(secret));
}

/** `sk_live_abcdef…9f2c` → `sk_live_…9f2c`: the kind of key stays visible, the key does not. */
export function maskSecret(secret: string): string {
  const prefix = /^([a-z]+_(?:live_|test_)?)/.exec(secret)?.[1] ?? '';
  const tail = secret.length - prefix.length > 8 ? secret.slice(-4) : '';
  return `${prefix}…${tail}`;
}
