// The booking inbox driven with keystrokes: in-process through main() on a terminal-like stdin
// against the sandbox (decisions reach the service, new requests appear by polling), the screen
// alone under @inquirer/testing (a failed decision, a request decided elsewhere), and the refusal
// without a terminal.
import { render } from '@inquirer/testing';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxView, type InboxRow } from '../../src/commands/bookings/inbox/view.js';
import { api, contextFor, run, sandbox, until, type Sandbox } from './helpers.js';

let sb: Sandbox;
let tripId: string;
const requested: string[] = [];

beforeAll(async () => {
  sb = await sandbox();
  const { vehicles } = await api(sb, 'GET', '/vehicles');
  const vehicle = vehicles.find((v: { seats: number }) => v.seats === 20);
  tripId = (
    await api(sb, 'POST', '/trips', {
      vehicleId: vehicle.id,
      fromCityId: 'aleppo',
      toCityId: 'latakia',
      departureAt: '2027-05-02T05:30:00Z',
      pricePerSeat: 2000,
    })
  ).trip.id;
  for (const [i, name] of ['Rami Haddad', 'Lina Khoury', 'Omar Aziz'].entries()) {
    const { booking } = await api(sb, 'POST', '/bookings', {
      tripId,
      seats: i + 1,
      phone: `+9639443300${i}0`,
      fullName: name,
      passengerNote: i === 1 ? 'Window seat' : undefined,
      groupName: i === 2 ? 'Aziz family' : undefined,
    });
    requested.push(booking.id);
  }
});
afterAll(async () => {
  await sb?.close();
});

const status = async (id: string) => (await api(sb, 'GET', `/bookings/${id}`)).booking.status as string;

describe('bookings inbox on a terminal', () => {
  it('approve, reject, skip and details by key; each decision sent at once; new requests appear', async () => {
    const t = contextFor(sb, { openStdin: true, stdinIsTTY: true, stderrIsTTY: true, columns: 200, env: { TRIPCTL_TZ: 'Asia/Damascus' } });
    const running = t.run(['bookings', 'inbox', '--trip', tripId, '--poll', '2']);
    const screen = () => stripVTControlCharacters(t.err());
    await until(screen, /Booking requests · 3 waiting · times in Asia\/Damascus/);
    expect(screen()).toMatch(/❯ \d+m +Aleppo → Latakia {2}Sun 2 May, 08:30 {2}1 seat \(20 free\) {2}Rami Haddad \+963944330000/);
    expect(screen()).toMatch(/2 seats \(20 free\) {2}Lina Khoury \+963944330010 {2}“Window seat”/);
    expect(screen()).toMatch(/3 seats \(20 free\) {2}Omar Aziz \+963944330020 {2}\[Aziz family\]/);

    t.stdin.write('a');
    await until(screen, /Rami Haddad \+963944330000 {2}✔ approved/);
    expect(await status(requested[0]!)).toBe('approved');
    // The free seats of the trip follow the approval; the cursor moved on to Lina.
    await until(screen, /❯ .*2 seats \(19 free\) {2}Lina Khoury/);
    t.stdin.write('d');
    await until(screen, new RegExp(`booking ${requested[1]} · trip ${tripId}\\n +requested .* via partner_api\\n +note: Window seat`));
    t.stdin.write('r');
    await until(screen, /Lina Khoury .*✖ rejected/);
    expect(await status(requested[1]!)).toBe('rejected');
    t.stdin.write('s');
    await until(screen, /Omar Aziz .*→ skipped/);
    expect(await status(requested[2]!)).toBe('requested');

    // A request made meanwhile shows up at the next poll.
    const { booking } = await api(sb, 'POST', '/bookings', { tripId, seats: 2, phone: '+963944339999', fullName: 'Nour Saleh' });
    await until(screen, /Booking requests · 1 waiting[\s\S]*Nour Saleh \+963944339999/);
    t.stdin.write('\u001b[B'); // down, onto Nour (the skipped row stays where it was)
    await until(screen, /❯ .*Nour Saleh/);
    t.stdin.write('a');
    await until(screen, /Nour Saleh .*✔ approved/);
    t.stdin.write('q');
    expect(await running).toBe(0);
    expect(t.err()).toContain('approved 2, rejected 1, skipped 1; 0 still waiting');
    expect(await status(booking.id)).toBe('approved');
    expect(t.out()).toBe('');
    t.cleanup();
  });

  it('without a terminal: exit 2, pointing to bookings list and approve, before any request', async () => {
    const mark = sb.requests.length;
    const result = await run(sb, ['bookings', 'inbox']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('tripctl: bookings inbox needs a terminal');
    expect(result.stderr).toContain(
      "hint: in scripts: 'tripctl bookings list --status requested' to see them, 'tripctl bookings approve ID…' (or reject) to decide",
    );
    expect(sb.requests.length).toBe(mark);
    expect((await run(sb, ['bookings', 'inbox', '--no-input'], { stdinIsTTY: true, stderrIsTTY: true })).code).toBe(2);
  });
});

describe('the inbox screen', () => {
  const row = (id: string, passenger: string): InboxRow => ({
    id,
    tripId: 't1',
    createdAt: '2026-11-24T00:00:00Z',
    requested: '24 Nov 2026, 03:00',
    seats: 1,
    route: 'Homs → Hama',
    departure: 'Tue 1 Dec, 08:00',
    passenger,
    phone: '+963900000000',
    state: 'pending',
  });

  it('shows a refused decision on its row, marks requests decided elsewhere, and sums up', async () => {
    let polls = 0;
    const { answer, events, getScreen, nextRender } = await render(inboxView, {
      rows: [row('b1', 'Rami'), row('b2', 'Lina')],
      freeSeats: () => 4,
      decide: async (r) => {
        if (r.id === 'b1')
          throw new Error('booking b1 is cancelled; it can become approved only from requested (HTTP 409, code invalid_transition)');
      },
      poll: async () => {
        polls += 1;
        if (polls === 2) throw new Error('connection to 127.0.0.1:4010 refused');
        return { added: polls === 1 ? [row('b3', 'Omar')] : [], gone: ['b2'] };
      },
      pollMs: 20,
      now: () => new Date('2026-11-24T01:30:00Z'),
      heading: 'times in Asia/Damascus',
      pageSize: 10,
      width: 200,
      color: false,
    });
    expect(getScreen()).toContain('❯ 1h30m   Homs → Hama  Tue 1 Dec, 08:00  1 seat (4 free)  Rami +963900000000');
    events.keypress('a');
    await nextRender();
    for (let i = 0; i < 50 && !getScreen().includes('Omar'); i++) await nextRender();
    const screen = getScreen();
    expect(screen).toContain(
      'Rami +963900000000  ! failed: booking b1 is cancelled; it can become approved only from requested (HTTP 409, code invalid_transition)',
    );
    expect(screen).toContain('Lina +963900000000  · no longer requested');
    expect(screen).toContain('Omar +963900000000');
    expect(screen).toContain('Booking requests · 1 waiting');
    // A poll that fails says so and the next one clears it.
    let sawFailure = false;
    for (let i = 0; i < 50 && !(sawFailure && polls > 2 && !getScreen().includes('could not')); i++) {
      await nextRender();
      sawFailure ||= getScreen().includes('could not look for new requests (connection to 127.0.0.1:4010 refused); trying again');
    }
    expect(sawFailure).toBe(true);
    expect(getScreen()).not.toContain('could not look');
    events.keypress('q');
    await expect(answer).resolves.toEqual({ approved: 0, rejected: 0, skipped: 0, failed: 1, waiting: 1 });
  });
});
