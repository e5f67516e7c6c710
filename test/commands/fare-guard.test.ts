// The fare guard at each door that sends a fare, against the sandbox, whose Damascus → Homs trips
// cost 12,000 SYP: a flag (trips publish and update, schedules create and update), a terminal's
// question, and an assistant's tool (the MCP server runs the same verbs). The CSV door is in
// test/workflows/timetable.test.ts. A held fare is exit 2 before any write, naming the usual fare
// and --fare-ok; --fare-ok sends it.
import { describe, expect, it } from 'vitest';
import { ScriptedPrompter } from '../support/prompter.js';
import { fileSession, terminalOn } from '../support/sandbox.js';
import { openMcp, sandboxProfile } from '../mcp/support.js';

const file = fileSession();
const writes = (mark: number) => file.session.since(mark).filter((r) => r.method !== 'GET');
const PUBLISH = ['trips', 'publish', '--vehicle', 'DAM-123456', '--from', 'Damascus', '--to', 'Homs', '--departure', '2027-06-01 08:00'];

describe('the fare guard', () => {
  it('--price 38 on a route whose fares are 12,000 is exit 2 unattended, naming the usual fare; nothing is sent', async () => {
    const s = file.session;
    const mark = s.mark();
    const result = await s.run([...PUBLISH, '--price', '38']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'tripctl: the fare: 38.00 SYP is more than 5 times below the usual fare on Damascus → Homs, 12,000.00 SYP',
    );
    expect(result.stderr).toContain('if the fare is meant, add --fare-ok');
    expect(writes(mark)).toEqual([]);
    // What it read: the route's trips (one page) and the schedules.
    const reads = s.since(mark).map((r) => r.path.replace(/\?.*/, ''));
    expect(reads.filter((p) => p.endsWith('/trips'))).toHaveLength(1);
    expect(reads.filter((p) => p.endsWith('/schedules'))).toHaveLength(1);
  });

  it('a fare far above is held too; --fare-ok publishes it without a read for the reference', async () => {
    const s = file.session;
    const above = await s.run([...PUBLISH, '--price', '1,200,000']);
    expect(above.code).toBe(2);
    expect(above.stderr).toContain('1,200,000.00 SYP is more than 5 times above the usual fare on Damascus → Homs, 12,000.00 SYP');
    const mark = s.mark();
    const trip = await s.json([...PUBLISH, '--price', '38', '--fare-ok']);
    expect(trip.pricePerSeat).toBe(3800);
    expect(s.since(mark).filter((r) => r.path.endsWith('/schedules'))).toEqual([]);
    // A usual fare passes as before.
    expect((await s.json([...PUBLISH.slice(0, -1), '2027-06-01 09:00', '--price', '12500'])).pricePerSeat).toBe(1_250_000);
  });

  it('trips update and schedules create and update hold the same fares', async () => {
    const s = file.session;
    const [trip] = await s.json<Array<{ id: string }>>(['trips', 'list', '--status', 'published', '--from', 'Damascus', '--to', 'Homs']);
    const mark = s.mark();
    const update = await s.run(['trips', 'update', trip!.id, '--price', '38']);
    expect(update.code).toBe(2);
    expect(update.stderr).toContain('38.00 SYP is more than 5 times below the usual fare on Damascus → Homs, 12,000.00 SYP');
    const [driver] = await s.json<Array<{ id: string }>>(['members', 'list', '--query', "[?role=='driver']"]);
    const create = await s.run([
      'schedules',
      'create',
      '--vehicle',
      'DAM-123456',
      '--driver',
      driver!.id,
      '--from',
      'Damascus',
      '--to',
      'Homs',
      '--price',
      '120',
      '--recurrence',
      'daily',
      '--time',
      '07:00',
    ]);
    expect(create.code).toBe(2);
    expect(create.stderr).toContain('120.00 SYP is more than 5 times below the usual fare on Damascus → Homs, 12,000.00 SYP');
    const [schedule] = await s.json<Array<{ id: string; fromCityId: string; toCityId: string }>>(['schedules', 'list']);
    const changed = await s.run(['schedules', 'update', schedule!.id, '--price', '1']);
    expect(changed.code).toBe(2);
    expect(changed.stderr).toMatch(/1\.00 SYP is more than 5 times below the usual fare on .* → .*, [\d,]+\.00 SYP/);
    expect(writes(mark)).toEqual([]);
  });

  it('on a terminal the usual fare is shown and asked about: no sends nothing, yes publishes', async () => {
    const s = file.session;
    for (const answer of [false, true]) {
      const prompter = new ScriptedPrompter([[/Send this fare anyway\?/, () => answer]]);
      const t = terminalOn(s, prompter);
      const mark = s.mark();
      const code = await t.run([...PUBLISH.slice(0, -1), `2027-06-0${answer ? 3 : 2} 08:00`, '--price', '38']);
      expect(t.err()).toContain('38.00 SYP is more than 5 times below the usual fare on Damascus → Homs, 12,000.00 SYP');
      expect(prompter.asked).toEqual([{ kind: 'confirm', message: 'Send this fare anyway?' }]);
      expect(code).toBe(answer ? 0 : 130);
      expect(writes(mark)).toHaveLength(answer ? 1 : 0);
      t.cleanup();
    }
  });

  it("an assistant's tool is held the same way, and its fareOk argument sends the fare", async () => {
    const s = file.session;
    sandboxProfile(s);
    const m = await openMcp(s, { allowWrites: true, person: () => ({ action: 'accept', content: { confirm: true } }) });
    const args = { vehicle: 'DAM-123456', from: 'Damascus', to: 'Homs', departure: '2027-06-04 08:00', price: '38' };
    const mark = s.mark();
    const held = await m.call('trips_publish', args);
    expect(held.isError).toBe(true);
    expect(held.text).toContain('38.00 SYP is more than 5 times below the usual fare on Damascus → Homs, 12,000.00 SYP');
    // The hint names the tool's argument, not the flag.
    expect(held.text).toContain('add the argument fareOk');
    expect(writes(mark)).toEqual([]);
    const sent = await m.call('trips_publish', { ...args, fareOk: true });
    await m.close();
    expect(sent.isError).toBe(false);
    // The answer is the trip as the operator reads it: the fare in pounds, as it was given.
    expect(JSON.parse(sent.texts[0]!).trip).toMatchObject({ price: '38.00 SYP' });
  });
});
