// Shared by the protected-profile tests: a config dir with a protected profile in it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const UUID = '3f9a2b1c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

/** A config dir holding one protected profile, `live`, and an unprotected `staging`. */
export function protectedConfig(baseUrl: string, apiKey: string, companyName = 'Qasioun Express'): string {
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-protected-'));
  const profile = { baseUrl, apiKey, protected: true, companyName };
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ defaultProfile: 'live', profiles: { live: profile, staging: { baseUrl, apiKey } } }),
    { mode: 0o600 },
  );
  return dir;
}
