// The assistant's log line (one per tool call, on the server's stderr) says how the call ended:
// for a failed run, its error, never a note or warning the run printed before it (a config file
// readable by others, the zone a profile without one reads times in).
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openMcp, sandboxForFile } from './support.js';

const session = sandboxForFile();

it("a failed call's line is its error, after notes and warnings", async () => {
  const s = session();
  // Readable by others: every run warns of it first, on stderr.
  chmodSync(join(s.configDir, 'config.json'), 0o644);
  const m = await openMcp(s, { allowWrites: true, yes: true });
  const answer = await m.call('trips_publish', {
    departure: 'tomorrow 08:00',
    vehicle: 'NOPE-1',
    from: 'Damascus',
    to: 'Homs',
    price: '18000',
  });
  await m.close();
  expect(answer.isError).toBe(true);
  expect(answer.text).toMatch(/warning: config file .* is readable by others/);
  const line = m
    .log()
    .split('\n')
    .find((l) => l.startsWith('tripctl mcp: trips_publish'));
  expect(line).toMatch(/→ exit 2: tripctl: --departure must be .*not 'tomorrow 08:00'$/);
  expect(line).not.toMatch(/warning|local times are in/);
});
