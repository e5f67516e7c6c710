// A manager's questions through `tripctl mcp`, each answered in one call by the SDK's own client
// against the sandbox: a list paged by cursor with its true total, the set-up checked, a passenger
// found by phone or ticket code, a period's figures, a ticket as an image; prompts and resources.
import { localDateOf } from '../../src/input/zones.js';
import { beforeAll, describe, expect, it } from 'vitest';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { formatMoney } from '../../src/input/money.js';
import { sandboxApi, type SandboxSession } from '../support/sandbox.js';
import { openMcp, sandboxForFile } from './support.js';

type Decoder = (data: Uint8ClampedArray, width: number, height: number, opts: object) => { data: string } | null;
/** jsQR is CommonJS with an ES-style default export: a function at run time. */
const jsQR = ((jsQRModule as unknown as { default?: Decoder }).default ?? jsQRModule) as unknown as Decoder;

let s: SandboxSession;
const session = sandboxForFile();
/** Two bookings made for these tests: a phone as people say it, and an Arabic name. */
let sara: { id: string; code: string };
let huda: { id: string };

beforeAll(async () => {
  s = session();
  const api = sandboxApi(s.sandbox);
  const trips = await s.json<Array<{ id: string; departureAt: string }>>(['trips', 'list', '--status', 'published', '--all']);
  const trip = trips.find((t) => Date.parse(t.departureAt) > Date.now() + 3_600_000)!;
  const made = (await api('POST', '/bookings', { tripId: trip.id, seats: 2, phone: '+963944791234', fullName: 'Sara Haddad' })).booking;
  const ticket = (await api('GET', `/bookings/${made.id}/ticket`)).ticket;
  sara = { id: made.id, code: ticket.code };
  huda = (await api('POST', '/bookings', { tripId: trip.id, seats: 1, phone: '+963944791999', fullName: 'هدى الأتاسي' })).booking;
});

describe("a manager's questions", () => {
  it('a list pages with an opaque cursor, says its true total, and its pages together are the whole list', async () => {
    const m = await openMcp(s);
    const ids: string[] = [];
    const totals = new Set<number>();
    let cursor: string | undefined;
    let calls = 0;
    do {
      const result = await m.client.callTool({ name: 'bookings_list', arguments: cursor ? { cursor } : {} });
      const page = result.structuredContent as { bookings: Array<{ id: string }>; total: number; nextCursor?: string };
      ids.push(...page.bookings.map((booking) => booking.id));
      totals.add(page.total);
      cursor = page.nextCursor;
      calls++;
    } while (cursor && calls < 50);
    const bad = await m.call('bookings_list', { cursor: 'page-2' });
    await m.close();
    const every = (await s.json<Array<{ id: string }>>(['bookings', 'list', '--all'])).map((booking) => booking.id);
    expect(calls).toBeGreaterThan(1);
    expect([...totals]).toEqual([every.length]);
    expect(ids).toEqual(every);
    expect(bad).toMatchObject({ isError: true, text: expect.stringContaining("argument 'cursor' is not one this server gave") });
  });

  it('bookings_find finds a passenger by a phone as people write it, by the printed code, by a name spelt another way', async () => {
    const m = await openMcp(s);
    const find = async (query: string) => {
      const result = await m.client.callTool({ name: 'bookings_find', arguments: { query } });
      expect(result.isError, query).toBeFalsy();
      return (result.structuredContent as { bookings: Array<{ id: string; passenger: string; seats: number }> }).bookings;
    };
    const byPhone = await find('0944 791 234');
    // The code as read out on the phone: lower case, a space inside.
    const byCode = await find(`${sara.code.slice(0, 5).toLowerCase()} ${sara.code.slice(5).toLowerCase()}`);
    // Alef with hamza and teh marbuta typed plainly.
    const byName = await find('هدي الاتاسي');
    const nothing = await find('Nobody Atall');
    const tooShort = await m.call('bookings_find', { query: 'x' });
    await m.close();
    expect(byPhone.map((b) => b.id)).toEqual([sara.id]);
    expect(byPhone[0]).toMatchObject({ passenger: 'Sara Haddad +963944791234', seats: 2 });
    expect(byCode.map((b) => b.id)).toEqual([sara.id]);
    expect(byName.map((b) => b.id)).toEqual([huda.id]);
    expect(nothing).toEqual([]);
    expect(tooShort).toMatchObject({ isError: true, text: expect.stringContaining("'x' is too short to look for") });
  });

  it('bookings find at the terminal: a table of the bookings found; a phone that is no phone is exit 2 before any request', async () => {
    const found = await s.run(['bookings', 'find', '0944 791 234', '-o', 'ids']);
    expect(found).toMatchObject({ code: 0 });
    expect(found.stdout.trim()).toBe(sara.id);
    const mark = s.mark();
    const bad = await s.run(['bookings', 'find', '0944 79']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^tripctl: bookings find: '0944 79' has too few digits/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    expect(s.since(mark)).toEqual([]);
  });

  it('reports_show with fromDate/toDate answers for that period, not for all time, grouped by route, and says it computed it', async () => {
    const payments = await s.json<Array<{ amount: number; status: string; createdAt: string }>>(['payments', 'list', '--all']);
    // Local days in Asia/Damascus: the profile names no zone, so its country's (SY) is used.
    const dayOf = (at: string) => localDateOf(new Date(at), 'Asia/Damascus');
    const days = payments.map((payment) => dayOf(payment.createdAt)).sort();
    // A week inside the seed's payments.
    const to = days[Math.floor(days.length / 2)]!;
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const inWeek = payments.filter((payment) => dayOf(payment.createdAt) >= from && dayOf(payment.createdAt) <= to);
    const paid = inWeek.filter((payment) => payment.status === 'paid').reduce((sum, payment) => sum + payment.amount, 0);
    expect(inWeek.length).toBeGreaterThan(0);
    expect(inWeek.length).toBeLessThan(payments.length);

    const m = await openMcp(s, {});
    const result = await m.client.callTool({ name: 'reports_show', arguments: { fromDate: from, toDate: to } });
    const allTime = await m.client.callTool({ name: 'reports_show', arguments: {} });
    await m.close();
    const { report } = result.structuredContent as { report: Record<string, any> };
    expect(report.period).toEqual({ from, to, timeZone: 'Asia/Damascus' });
    expect(report.computed).toContain("the service's report takes no period");
    expect(report.groupBy).toBe('route');
    expect(report.totals).toMatchObject({ payments: inWeek.length, paid: formatMoney(paid, 'SYP') });
    expect(report.groups[0].route).toMatch(/^\S.* → \S/);
    // The best route first.
    const amounts = report.groups.map((group: { paid: string }) => Number(group.paid.replace(/[^\d.]/g, '')));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect((allTime.structuredContent as { report: Record<string, unknown> }).report).not.toHaveProperty('period');
  });

  it('reports show --from-date/--to-date at the terminal: a table by day, the period named on stderr; a period backwards is exit 2 before any request', async () => {
    const table = await s.run([
      'reports',
      'show',
      '--from-date',
      '2026-11-20',
      '--to-date',
      '2026-11-26',
      '--group-by',
      'day',
      '-o',
      'json',
    ]);
    expect(table.code).toBe(0);
    const report = JSON.parse(table.stdout) as { period: { from: string; to: string }; groups: Array<{ day: string; currency: string }> };
    expect(report.period).toMatchObject({ from: '2026-11-20', to: '2026-11-26' });
    for (const group of report.groups) expect(group.day >= '2026-11-20' && group.day <= '2026-11-26').toBe(true);
    const shown = await s.run(['reports', 'show', '--from-date', '2026-11-20', '--to-date', '2026-11-26']);
    expect(shown.stderr).toContain('Payments made 2026-11-20 to 2026-11-26 (Asia/Damascus), by route: computed by tripctl');
    const mark = s.mark();
    const backwards = await s.run(['reports', 'show', '--from-date', 'tomorrow', '--to-date', 'yesterday']);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toMatch(/tripctl: --from-date \d{4}-\d\d-\d\d is after --to-date/);
    expect(s.since(mark)).toEqual([]);
  });

  it('bookings_ticket answers with the ticket as a PNG whose QR decodes to the ticket, its code printed in it', async () => {
    const m = await openMcp(s);
    const result = await m.client.callTool({ name: 'bookings_ticket', arguments: { bookingId: sara.id } });
    await m.close();
    const image = (result.content as Array<{ type: string; data?: string; mimeType?: string }>).find((item) => item.type === 'image')!;
    expect(image.mimeType).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(image.data!, 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: 'dontInvert' })?.data;
    const issued = (await sandboxApi(s.sandbox)('GET', `/bookings/${sara.id}/ticket`)).ticket;
    expect(decoded).toBe(issued.qr);
    expect(decoded).toContain(sara.code);
    expect(result.structuredContent).toMatchObject({ files: [{ name: `ticket-${sara.code}.png`, mimeType: 'image/png' }] });
  });

  it('prompts for the day: a morning briefing and a cancel that tells its passengers, naming only tools that exist', async () => {
    const m = await openMcp(s, { allowWrites: true, person: () => ({ action: 'decline' }) });
    const { prompts } = await m.client.listPrompts();
    const tools = new Set((await m.client.listTools()).tools.map((t) => t.name));
    const briefing = await m.client.getPrompt({ name: 'morning_briefing', arguments: {} });
    const cancel = await m.client.getPrompt({ name: 'cancel_trip_and_tell_passengers', arguments: { trip: 'the 14:00 to Homs' } });
    await expect(m.client.getPrompt({ name: 'cancel_trip_and_tell_passengers', arguments: {} })).rejects.toThrow(/needs trip/);
    await m.close();
    expect(prompts.map((p) => p.name)).toEqual(['morning_briefing', 'cancel_trip_and_tell_passengers']);
    const texts = [briefing, cancel].map((p) => (p.messages[0]!.content as { text: string }).text);
    expect(texts[0]).toContain('trips_list with date "today"');
    expect(texts[1]).toContain('Cancel this trip: the 14:00 to Homs.');
    for (const text of texts) for (const named of text.match(/\b[a-z]+_[a-z_]+\b/g) ?? []) expect(tools, named).toContain(named);
  });

  it('resources: cities in both names, the fleet by plate, the drivers only, the company with its zone and currency', async () => {
    const m = await openMcp(s);
    const { resources } = await m.client.listResources();
    const read = async (uri: string) => JSON.parse(((await m.client.readResource({ uri })).contents[0] as { text: string }).text);
    const cities = await read('tripctl://cities');
    const fleet = await read('tripctl://fleet');
    const drivers = await read('tripctl://drivers');
    const company = await read('tripctl://company');
    await expect(m.client.readResource({ uri: 'tripctl://nothing' })).rejects.toThrow(/no resource tripctl:\/\/nothing/);
    await m.close();
    expect(resources.map((r) => r.uri).sort()).toEqual(['tripctl://cities', 'tripctl://company', 'tripctl://drivers', 'tripctl://fleet']);
    expect(cities.cities).toContainEqual(expect.objectContaining({ id: 'damascus', name: 'Damascus', arabic: 'دمشق' }));
    expect(fleet.vehicles[0]).toMatchObject({ plate: expect.any(String), seats: expect.any(Number) });
    const members = await s.json<Array<{ role: string }>>(['members', 'list']);
    expect(drivers.members.length).toBe(members.filter((member) => member.role === 'driver').length);
    expect(drivers.members.every((member: { role: string }) => member.role === 'driver')).toBe(true);
    expect(company).toMatchObject({ company: 'Qasioun Express', currency: 'SYP', timeZone: { zone: expect.any(String) } });
  });

  it('doctor names the key (masked) and its scopes, sandbox or live, the zone, the currency, the clock and the webhooks', async () => {
    const m = await openMcp(s);
    const result = await m.client.callTool({ name: 'doctor', arguments: {} });
    await m.close();
    const report = result.structuredContent as Record<string, unknown>;
    expect(result.isError).toBeFalsy();
    expect(report).toMatchObject({
      ok: true,
      company: 'Qasioun Express',
      service: expect.stringMatching(/^sandbox \(127\.0\.0\.1:\d+, on this machine\)$/),
      key: { accepted: true, scopes: expect.arrayContaining(['trips.read', 'bookings.read', 'webhooks.read']) },
      timeZone: { zone: expect.any(String), from: expect.any(String) },
      currency: 'SYP',
      clock: 'in step with the service',
      webhooks: { endpoints: expect.any(Number) },
      problems: [],
    });
    expect(JSON.stringify(report)).not.toContain(s.sandbox.keys.full);
  });
});
